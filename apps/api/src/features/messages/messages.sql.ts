// SQL twins of the messages rules: each is held equal to its TypeScript counterpart by a test.
import type { SenderType } from '@pathways/shared/messages/messages.schemas';
import { sql, type SQL } from 'drizzle-orm';

import { chatMessages, chats } from '../../db/schema/index.ts';
import { unreadBy } from './messages.repository.ts';

/**
 * How many messages of an application `reader` has not read, as an SQL expression over the
 * application id: the twin of one row of `unreadCountsByApplication`, for sorting in SQL.
 */
export const unreadCountSql = (applicationId: SQL, reader: SenderType): SQL =>
  sql`(select count(*)::int from ${chatMessages}
    inner join ${chats} on ${chats.id} = ${chatMessages.chatId}
    where ${chats.applicationId} = ${applicationId} and ${unreadBy(reader)})`;
