import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

import { users } from './core.ts';
import { applications } from './applications.ts';
import { chatSenderType } from './enums.ts';

/** A conversation between a candidate and the organization about one application. */
export const chats = pgTable(
  'chats',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subject: text(),
    lastMessageAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chats_application_idx').on(t.applicationId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    senderType: chatSenderType().notNull(),
    body: text().notNull(),
    /** When the other side read it. */
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_chat_idx').on(t.chatId, t.createdAt),
    index('chat_messages_unread_idx')
      .on(t.chatId, t.senderType)
      .where(sql`read_at is null`),
  ],
);
