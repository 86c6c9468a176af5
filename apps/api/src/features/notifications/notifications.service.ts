import { BECAME_ELIGIBLE } from '@pathways/shared/notifications/notifications.rules';
import {
  mailTypes,
  mailTypesOf,
  MESSAGE_NOTIFICATION_TYPE,
  UNSUBSCRIBE_LINK_INVALID,
  WRONG_MAIL_TYPE_MESSAGE,
  type MailType,
  type UnsubscribeInfo,
  UNSUBSCRIBED_MESSAGE,
  type MailPreferences,
  type UpdateMailPreferences,
  NOT_DISMISSABLE_MESSAGE,
  type NotificationItem,
  type NotificationList,
  type NotificationListQuery,
} from '@pathways/shared/notifications/notifications.schemas';

import { paths } from '@pathways/shared/navigation/paths';

import type { DbOrTx } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { Actor } from '../auth/index.ts';
import { publish } from '../live/index.ts';
import { becameEligibleMail, withUnsubscribe } from './notifications.mails.ts';
import * as repo from './notifications.repository.ts';
import { checkUnsubscribeToken, signUnsubscribeToken } from './unsubscribe-token.ts';

export type { NewNotification } from './notifications.repository.ts';

/**
 * The one place notifications are written: every feature that notifies a user calls this.
 * Answers the rows written (a notice told once per opportunity is not written twice).
 */
export async function notify(db: DbOrTx, rows: readonly repo.NewNotification[]) {
  if (rows.length === 0) return [];
  const written = await repo.insertNotifications(db, rows);
  await publish(
    db,
    written.map((row) => row.userId),
    { kind: 'notifications' },
  );
  return written;
}

/** Notices of one type about opportunities already told to these users (for told-once rules). */
export async function findOpportunityNotices(db: DbOrTx, userIds: readonly number[], type: string) {
  return repo.findOpportunityNotices(db, userIds, type);
}

/**
 * Takes notices that no longer hold out of their users' bells (as dismissing does: the row stays,
 * so a notice told once per opportunity is not told again), and tells the open pages.
 */
export async function withdrawNotices(db: DbOrTx, ids: readonly number[], at: Date) {
  const changed = await repo.dismissMany(db, ids, at);
  if (changed.length > 0) {
    await publish(db, [...new Set(changed.map((row) => row.userId))], { kind: 'notifications' });
  }
  return changed.length;
}

export type MailDeps = Pick<FeatureDeps, 'db' | 'mailer'> & {
  config: Pick<FeatureDeps['config'], 'appUrl' | 'jwtSecret'>;
} & Partial<Pick<FeatureDeps, 'log'>>;

/** The link that turns one type of e-mail off, without signing in (what mail programs post to). */
export function unsubscribeUrl(deps: MailDeps, userId: number, type: MailType): string {
  const token = signUnsubscribeToken(deps.config.jwtSecret, userId, type);
  return `${deps.config.appUrl}/api/notifications/unsubscribe?token=${token}`;
}

/** The page a person opens from an e-mail to turn that type of e-mail off. */
export function unsubscribePageUrl(deps: MailDeps, userId: number, type: MailType): string {
  const token = signUnsubscribeToken(deps.config.jwtSecret, userId, type);
  return `${deps.config.appUrl}${paths.unsubscribe}?token=${token}`;
}

/**
 * Sends e-mails of one type, each to the user it names, leaving out the users who turned that
 * type off. Each carries a one-click unsubscribe (RFC 8058: mail programs show an Unsubscribe
 * button that posts to the `List-Unsubscribe` link) and a line with a link to the page that does
 * the same. A failed delivery is logged and the others still go. Answers how many were sent.
 */
export async function sendOptionalMails(
  deps: MailDeps,
  type: MailType,
  mails: readonly { userId: number; mail: Mail }[],
): Promise<number> {
  if (mails.length === 0) return 0;
  const off = await repo.optedOutUsers(
    deps.db,
    type,
    mails.map((m) => m.userId),
  );
  const settingsUrl = `${deps.config.appUrl}${
    mailTypes[type].role === 'client' ? paths.client.sharedCandidates : paths.candidate.account
  }`;
  let sent = 0;
  for (const { userId, mail } of mails) {
    if (off.has(userId)) continue;
    const decorated = withUnsubscribe(mail, {
      oneClick: unsubscribeUrl(deps, userId, type),
      page: unsubscribePageUrl(deps, userId, type),
      settings: settingsUrl,
    });
    try {
      await deps.mailer.send(decorated);
      sent += 1;
    } catch (error) {
      if (!deps.log) throw error;
      deps.log.error({ err: error, to: mail.to, subject: mail.subject }, 'e-mail delivery failed');
    }
  }
  return sent;
}

/** E-mails the candidates who came to qualify, unless they turned that e-mail off. */
export async function mailBecameEligible(
  deps: MailDeps,
  notices: readonly { userId: number; opportunityId: number }[],
): Promise<number> {
  if (notices.length === 0) return 0;
  const facts = await repo.mailFacts(
    deps.db,
    [...new Set(notices.map((n) => n.userId))],
    [...new Set(notices.map((n) => n.opportunityId))],
  );
  const mails: { userId: number; mail: Mail }[] = [];
  for (const n of notices) {
    const person = facts.people.get(n.userId);
    const opportunity = facts.opportunities.get(n.opportunityId);
    if (!person || !opportunity) continue;
    mails.push({
      userId: n.userId,
      mail: becameEligibleMail(person.email, {
        firstName: person.firstName,
        opportunity: opportunity.name,
        url: `${deps.config.appUrl}${paths.opportunity(opportunity.id)}`,
      }),
    });
  }
  return sendOptionalMails(deps, BECAME_ELIGIBLE, mails);
}

function toItem(row: repo.NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    image: row.image,
    path: row.path,
    notifiedAt: row.notifiedAt.toISOString(),
  };
}

export function createNotificationsService(deps: Pick<FeatureDeps, 'db' | 'now' | 'config'>) {
  const { db, now } = deps;

  async function preferencesOf(actor: Actor): Promise<MailPreferences> {
    const off = await repo.optedOutTypes(db, actor.userId);
    return {
      preferences: mailTypesOf(actor.role).map((type) => ({
        type,
        label: mailTypes[type].label,
        email: !off.has(type),
      })),
    };
  }

  function named(token: string): { userId: number; type: MailType } {
    const found = checkUnsubscribeToken(deps.config.jwtSecret, token);
    if (!found || !(found.type in mailTypes)) throw notFound(UNSUBSCRIBE_LINK_INVALID);
    return { userId: found.userId, type: found.type as MailType };
  }

  return {
    preferences: (actor: Actor) => preferencesOf(actor),
    async updatePreferences(actor: Actor, body: UpdateMailPreferences): Promise<MailPreferences> {
      const mine = new Set(mailTypesOf(actor.role));
      if (body.preferences.some((p) => !mine.has(p.type)))
        throw fieldError('preferences', WRONG_MAIL_TYPE_MESSAGE);
      await db.transaction(async (tx) => {
        for (const p of body.preferences) await repo.setOptOut(tx, actor.userId, p.type, !p.email);
      });
      return preferencesOf(actor);
    },
    /** What the link turns off, for the page a browser shows before confirming. */
    aboutUnsubscribe(token: string): UnsubscribeInfo {
      const { type } = named(token);
      return { type, stops: mailTypes[type].stops };
    },
    /** Turns one type of e-mail off for the user the token names; a bad token is not found. */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const { userId, type } = named(token);
      await repo.setOptOut(db, userId, type, true);
      return { message: UNSUBSCRIBED_MESSAGE };
    },
    async list(actor: Actor, query: NotificationListQuery): Promise<NotificationList> {
      const { items, total } = await repo.listActive(db, actor.userId, query.page, query.per);
      return { items: items.map(toItem), page: query.page, per: query.per, total };
    },

    async dismiss(actor: Actor, id: number): Promise<NotificationItem> {
      return db.transaction(async (tx) => {
        const row = await repo.findOwn(tx, actor.userId, id);
        if (!row) throw notFound();
        if (row.type === MESSAGE_NOTIFICATION_TYPE)
          throw fieldError('type', NOT_DISMISSABLE_MESSAGE);
        if (row.dismissedAt) return toItem(row);
        const updated = await repo.markDismissed(tx, id, now());
        await publish(tx, [actor.userId], { kind: 'notifications' });
        return toItem(updated ?? row);
      });
    },
  };
}
