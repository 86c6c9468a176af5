import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './core.ts';

/**
 * Each running API process that holds live sockets. A process marks itself seen every few
 * seconds; one not seen for a while has stopped, and its sockets no longer count.
 */
export const liveProcesses = pgTable('live_processes', {
  id: uuid().primaryKey(),
  seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The open live sockets of every process, so the sockets a user or an address may hold are
 * counted across processes. The user is set once the socket has signed in; the address is the
 * client's (an IPv6 /64 as one).
 */
export const liveSockets = pgTable(
  'live_sockets',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid()
      .notNull()
      .references(() => liveProcesses.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_sockets_user_idx').on(t.userId),
    index('live_sockets_address_idx').on(t.address),
    index('live_sockets_process_idx').on(t.processId),
  ],
);
