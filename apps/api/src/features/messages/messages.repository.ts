import { otherSide, type SenderType } from '@pathways/shared/messages/messages.schemas';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  chatMessages,
  chats,
  opportunities,
  organizations,
  users,
} from '../../db/schema/index.ts';

/**
 * The one rule for "unread": a message is unread by `reader` when the other side wrote it and
 * nobody of the reader's side has opened the thread since (its readAt is null).
 */
export const unreadBy = (reader: SenderType): SQL =>
  and(isNull(chatMessages.readAt), eq(chatMessages.senderType, otherSide(reader)))!;

const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Per application, how many messages `reader` has not read; applications without any are absent. */
export async function unreadCountsByApplication(
  db: DbOrTx,
  applicationIds: readonly number[],
  reader: SenderType,
): Promise<{ applicationId: number; n: number }[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select({ applicationId: chats.applicationId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(sql`${chats.applicationId} = any(${idList(applicationIds)}::int[])`, unreadBy(reader)),
    )
    .groupBy(chats.applicationId);
}

/** The application with what a thread shows about it: opportunity, organization, candidate. */
export async function findApplication(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .innerJoin(users, eq(users.id, applications.candidateId))
    .where(where)
    .limit(1);
  return row;
}
export type ChatApplication = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export const applicationOfCandidate = (applicationId: number, candidateId: number): SQL =>
  and(eq(applications.id, applicationId), eq(applications.candidateId, candidateId))!;

export const applicationOfOpportunity = (applicationId: number, opportunityId: number): SQL =>
  and(eq(applications.id, applicationId), eq(applications.opportunityId, opportunityId))!;

export async function findChatId(db: DbOrTx, applicationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.applicationId, applicationId))
    .orderBy(asc(chats.id))
    .limit(1);
  return row?.id;
}

/** The application's chat, created if it has none yet; the application row is locked meanwhile. */
export async function chatIdFor(db: DbOrTx, applicationId: number): Promise<number> {
  await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
  const existing = await findChatId(db, applicationId);
  if (existing !== undefined) return existing;
  const [row] = await db.insert(chats).values({ applicationId }).returning({ id: chats.id });
  return row!.id;
}

export async function insertMessage(
  db: DbOrTx,
  message: { chatId: number; senderUserId: number; senderType: SenderType; body: string; at: Date },
) {
  const [row] = await db
    .insert(chatMessages)
    .values({
      chatId: message.chatId,
      senderUserId: message.senderUserId,
      senderType: message.senderType,
      body: message.body,
      createdAt: message.at,
    })
    .returning({ id: chatMessages.id });
  await db.update(chats).set({ lastMessageAt: message.at }).where(eq(chats.id, message.chatId));
  return row!.id;
}

/** The messages of a chat, oldest first, with the sender's name. */
export async function listMessages(db: DbOrTx, chatId: number) {
  return db
    .select({
      id: chatMessages.id,
      senderType: chatMessages.senderType,
      firstName: users.firstName,
      lastName: users.lastName,
      body: chatMessages.body,
      readAt: chatMessages.readAt,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderUserId))
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** Marks what the other side wrote in the chat as read by `reader`, now. */
/** Marks what the other side wrote as read by `reader`; answers how many became read. */
export async function markRead(db: DbOrTx, chatId: number, reader: SenderType, at: Date) {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(and(eq(chatMessages.chatId, chatId), unreadBy(reader)))
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** The conversations of the applications `where` names, newest message first. */
export async function listChats(db: DbOrTx, where: SQL, reader: SenderType) {
  const last = (column: SQL) => sql`(select ${column} from ${chatMessages}
      where ${chatMessages.chatId} = ${chats.id}
      order by ${chatMessages.createdAt} desc, ${chatMessages.id} desc limit 1)`;
  return db
    .select({
      id: chats.id,
      applicationId: applications.id,
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
      candidateId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      lastMessageAt: chats.lastMessageAt,
      lastBody: last(sql`${chatMessages.body}`).mapWith(String),
      lastSenderType: last(sql`${chatMessages.senderType}`).mapWith(String),
      lastCreatedAt: sql<string | null>`${last(sql`${chatMessages.createdAt}`)}`,
      unread: sql<number>`(select count(*)::int from ${chatMessages}
        where ${chatMessages.chatId} = ${chats.id} and ${unreadBy(reader)})`,
    })
    .from(chats)
    .innerJoin(applications, eq(applications.id, chats.applicationId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .innerJoin(users, eq(users.id, applications.candidateId))
    .where(where)
    .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id));
}

export const chatsOfCandidate = (candidateId: number): SQL =>
  eq(applications.candidateId, candidateId);
