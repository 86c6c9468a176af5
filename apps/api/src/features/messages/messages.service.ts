import {
  preview,
  type ChatList,
  type ChatThread,
  type SenderType,
} from '@pathways/shared/messages/messages.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { MESSAGE_NOTIFICATION_TYPE } from '@pathways/shared/notifications/notifications.schemas';

import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';

import { publish } from '../live/index.ts';
import { notify } from '../notifications/index.ts';

import * as repo from './messages.repository.ts';
import {
  applicationsManagedBy,
  clientScopeOf,
  managedOpportunity,
  managersOfOpportunity,
} from '../../access/index.ts';

// Messages between a candidate and the organization about one application. A candidate reaches
// only the thread of their own application; a client only the thread of an application of an
// opportunity they manage (a primary user of its organization, or a listed manager). Anything
// else answers 404. The chat is created with its first message, and each message notifies the
// other side. Opening a thread marks what the other side wrote as read.

export type MessagesDeps = FeatureDeps;

const APPLICATION_NOT_FOUND = 'Application not found';

const nameOf = (u: { firstName: string | null; lastName: string | null; email?: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email || '';

/**
 * Notifies the other side of a new message: the candidate, or every client user who manages
 * the opportunity. Each notification is of type 'message' and leads to the thread.
 */
export async function notifyOfMessage(
  db: DbOrTx,
  message: { application: repo.ChatApplication; senderType: SenderType; at: Date },
): Promise<void> {
  const { application: app, senderType, at } = message;
  if (senderType === 'client') {
    await notify(db, [
      {
        userId: app.candidateId,
        type: MESSAGE_NOTIFICATION_TYPE,
        description: `New message from ${app.organizationName} about ${app.opportunityName}`,
        path: `${paths.candidate.messages}?application=${app.id}`,
        at,
      },
    ]);
    return;
  }
  const managers = await managersOfOpportunity(db, app.opportunityId);
  await notify(
    db,
    managers.map((userId) => ({
      userId,
      type: MESSAGE_NOTIFICATION_TYPE,
      description: `New message from ${nameOf(app)} about ${app.opportunityName}`,
      path: paths.client.application(app.opportunityId, app.id),
      at,
    })),
  );
}

/** Who sees the thread of an application: its candidate and the clients who manage it. */
const threadAudience = async (db: DbOrTx, app: repo.ChatApplication) => [
  app.candidateId,
  ...(await managersOfOpportunity(db, app.opportunityId)),
];

export function createMessagesService(deps: MessagesDeps) {
  const { db, now } = deps;

  async function candidateApplication(actor: Actor, applicationId: number) {
    const app = await repo.findApplication(
      db,
      repo.applicationOfCandidate(applicationId, actor.userId),
    );
    if (!app) throw notFound(APPLICATION_NOT_FOUND);
    return app;
  }

  async function clientApplication(actor: Actor, opportunityId: number, applicationId: number) {
    const scope = await clientScopeOf(db, actor);
    const id = await managedOpportunity(db, scope, opportunityId);
    const app = await repo.findApplication(db, repo.applicationOfOpportunity(applicationId, id));
    if (!app) throw notFound(APPLICATION_NOT_FOUND);
    return app;
  }

  /** The thread; what the other side wrote becomes read by `reader`. */
  async function thread(app: repo.ChatApplication, reader: SenderType): Promise<ChatThread> {
    const chatId = await repo.findChatId(db, app.id);
    let messages: Awaited<ReturnType<typeof repo.listMessages>> = [];
    if (chatId !== undefined) {
      const read = await repo.markRead(db, chatId, reader, now());
      if (read > 0) await publish(db, await threadAudience(db, app), { kind: 'unread' });
      messages = await repo.listMessages(db, chatId);
    }
    return {
      applicationId: app.id,
      opportunity: { id: app.opportunityId, name: app.opportunityName },
      organization: { id: app.organizationId, name: app.organizationName },
      candidate: { id: app.candidateId, name: nameOf(app) },
      messages: messages.map((m) => ({
        id: m.id,
        senderType: m.senderType,
        senderName: nameOf(m) || null,
        body: m.body,
        readAt: m.readAt ? m.readAt.toISOString() : null,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  /** Writes a message (the chat is created with the first one) and notifies the other side. */
  async function send(
    actor: Actor,
    app: repo.ChatApplication,
    senderType: SenderType,
    body: string,
  ): Promise<ChatThread> {
    await db.transaction(async (tx) => {
      const at = now();
      const chatId = await repo.chatIdFor(tx, app.id);
      await repo.insertMessage(tx, { chatId, senderUserId: actor.userId, senderType, body, at });
      await notifyOfMessage(tx, { application: app, senderType, at });
      await publish(tx, await threadAudience(tx, app), {
        kind: 'message',
        applicationId: app.id,
        opportunityId: app.opportunityId,
      });
    });
    return thread(app, senderType);
  }

  async function list(where: Parameters<typeof repo.listChats>[1], reader: SenderType) {
    const rows = await repo.listChats(db, where, reader);
    const items: ChatList['items'] = rows.map((r) => ({
      id: r.id,
      applicationId: r.applicationId,
      opportunity: { id: r.opportunityId, name: r.opportunityName },
      organization: { id: r.organizationId, name: r.organizationName },
      candidate: { id: r.candidateId, name: nameOf(r) },
      lastMessage:
        r.lastCreatedAt !== null && r.lastBody !== null
          ? {
              senderType: r.lastSenderType as SenderType,
              body: preview(r.lastBody),
              createdAt: new Date(r.lastCreatedAt).toISOString(),
            }
          : null,
      lastMessageAt: r.lastMessageAt ? r.lastMessageAt.toISOString() : null,
      unreadCount: r.unread,
    }));
    return { items, unreadCount: items.reduce((sum, c) => sum + c.unreadCount, 0) };
  }

  return {
    async candidateChats(actor: Actor): Promise<ChatList> {
      return list(repo.chatsOfCandidate(actor.userId), 'candidate');
    },
    async clientChats(actor: Actor): Promise<ChatList> {
      const scope = await clientScopeOf(db, actor);
      return list(applicationsManagedBy(db, scope), 'client');
    },
    async candidateThread(actor: Actor, applicationId: number): Promise<ChatThread> {
      return thread(await candidateApplication(actor, applicationId), 'candidate');
    },
    async clientThread(actor: Actor, opportunityId: number, applicationId: number) {
      return thread(await clientApplication(actor, opportunityId, applicationId), 'client');
    },
    async candidateSend(actor: Actor, applicationId: number, body: string): Promise<ChatThread> {
      return send(actor, await candidateApplication(actor, applicationId), 'candidate', body);
    },
    async clientSend(actor: Actor, opportunityId: number, applicationId: number, body: string) {
      const app = await clientApplication(actor, opportunityId, applicationId);
      return send(actor, app, 'client', body);
    },
  };
}

/** Per application, how many messages `reader` has not read; applications without any are absent. */
export function unreadCounts(db: DbOrTx, applicationIds: readonly number[], reader: SenderType) {
  return repo.unreadCountsByApplication(db, applicationIds, reader);
}
