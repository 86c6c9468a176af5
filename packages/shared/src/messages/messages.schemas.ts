import { z } from 'zod';

import { text } from '../common/text.ts';

// Messages between a candidate and the organization about one application.
//
//   GET  candidate/chats                                         my conversations, newest first
//   GET  candidate/applications/{id}/chats                       the thread; marks it read
//   POST candidate/applications/{id}/chats                       {message: {body}}
//   GET  client/chats                                            conversations I may see
//   GET  client/opportunities/{id}/applications/{appId}/chats    the thread; marks it read
//   POST client/opportunities/{id}/applications/{appId}/chats    {message: {body}}
//
// Messages are plain text. A message is unread while the other side has not opened the thread.

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const pathId = z.coerce.number().int().positive().max(MAX_ID);
const isoDateTime = z.iso.datetime({ offset: true });

/** The longest message body, in characters. */
export const MESSAGE_MAX_LENGTH = 4000;

export const messageMessages = {
  blank: "can't be blank",
  tooLong: `is too long (at most ${MESSAGE_MAX_LENGTH} characters)`,
} as const;

export const messageBody = text({ error: messageMessages.blank })
  .trim()
  .min(1, { error: messageMessages.blank })
  .max(MESSAGE_MAX_LENGTH, { error: messageMessages.tooLong });

export const newMessageBody = z.object({ message: z.object({ body: messageBody }) });
export type NewMessageBody = z.infer<typeof newMessageBody>;

export const candidateChatParams = z.object({ id: pathId });
export const clientChatParams = z.object({ id: pathId, appId: pathId });

export const senderType = z.enum(['candidate', 'client']);
export type SenderType = z.infer<typeof senderType>;

export const chatMessage = z.object({
  id,
  senderType,
  senderName: text().nullable(),
  body: text(),
  /** When the other side read it; null while unread. */
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatThread = z.object({
  applicationId: id,
  opportunity: z.object({ id, name: text() }),
  organization: z.object({ id, name: text() }),
  candidate: z.object({ id, name: text() }),
  /** Oldest first. */
  messages: z.array(chatMessage),
});
export type ChatThread = z.infer<typeof chatThread>;

export const chatSummary = z.object({
  id,
  applicationId: id,
  opportunity: z.object({ id, name: text() }),
  organization: z.object({ id, name: text() }),
  candidate: z.object({ id, name: text() }),
  lastMessage: z.object({ senderType, body: text(), createdAt: isoDateTime }).nullable(),
  lastMessageAt: isoDateTime.nullable(),
  /** Messages of the other side not read yet. */
  unreadCount: z.number().int().nonnegative(),
});
export type ChatSummary = z.infer<typeof chatSummary>;

export const chatList = z.object({
  items: z.array(chatSummary),
  /** Sum of the unread counts over all the conversations. */
  unreadCount: z.number().int().nonnegative(),
});
export type ChatList = z.infer<typeof chatList>;

/** The side that reads what `sender` wrote. */
export const otherSide = (sender: SenderType): SenderType =>
  sender === 'candidate' ? 'client' : 'candidate';

/** The first `max` characters of a message, on one line, for a conversation list. */
export function preview(body: string, max = 120): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
