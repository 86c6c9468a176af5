import { BECAME_ELIGIBLE } from '@pathways/shared/notifications/notifications.rules';
import {
  mailableNotificationTypes,
  MESSAGE_NOTIFICATION_TYPE,
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
import type { Actor } from '../auth/index.ts';
import { publish } from '../live/index.ts';
import { becameEligibleMail } from './notifications.mails.ts';
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

export type MailDeps = Pick<FeatureDeps, 'db' | 'mailer'> & {
  config: Pick<FeatureDeps['config'], 'appUrl' | 'jwtSecret'>;
};

/** The link that turns one type of e-mail off, without signing in. */
export function unsubscribeUrl(deps: MailDeps, userId: number, type: string): string {
  const token = signUnsubscribeToken(deps.config.jwtSecret, userId, type);
  return `${deps.config.appUrl}/api/notifications/unsubscribe?token=${token}`;
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
  let sent = 0;
  for (const n of notices) {
    const person = facts.people.get(n.userId);
    const opportunity = facts.opportunities.get(n.opportunityId);
    if (!person || !opportunity) continue;
    if ((await repo.optedOutTypes(deps.db, n.userId)).has(BECAME_ELIGIBLE)) continue;
    await deps.mailer.send(
      becameEligibleMail(person.email, {
        firstName: person.firstName,
        opportunity: opportunity.name,
        url: `${deps.config.appUrl}${paths.opportunity(opportunity.id)}`,
        settingsUrl: `${deps.config.appUrl}${paths.candidate.account}`,
        unsubscribeUrl: unsubscribeUrl(deps, n.userId, BECAME_ELIGIBLE),
      }),
    );
    sent += 1;
  }
  return sent;
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

  async function preferencesOf(userId: number): Promise<MailPreferences> {
    const off = await repo.optedOutTypes(db, userId);
    return {
      preferences: Object.entries(mailableNotificationTypes).map(([type, label]) => ({
        type: type as keyof typeof mailableNotificationTypes,
        label,
        email: !off.has(type),
      })),
    };
  }

  return {
    preferences: (actor: Actor) => preferencesOf(actor.userId),

    async updatePreferences(actor: Actor, body: UpdateMailPreferences): Promise<MailPreferences> {
      await db.transaction(async (tx) => {
        for (const p of body.preferences) await repo.setOptOut(tx, actor.userId, p.type, !p.email);
      });
      return preferencesOf(actor.userId);
    },

    /** Turns one type of e-mail off for the user the token names; a bad token is not found. */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const named = checkUnsubscribeToken(deps.config.jwtSecret, token);
      if (!named || !(named.type in mailableNotificationTypes))
        throw notFound('This link is not valid');
      await repo.setOptOut(db, named.userId, named.type, true);
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
