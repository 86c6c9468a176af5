import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One fixed-window counter per rate-limit key (what the limit protects: an account, an address,
 * a device, a user). Shared by every API process on the database; a row whose window has ended
 * counts as empty and is swept now and then. Kept unlogged: a crash may forget the counts, which
 * only gives a fresh allowance.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);
