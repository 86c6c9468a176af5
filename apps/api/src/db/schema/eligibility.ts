import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';

import { opportunities, users } from './core.ts';
import { timestamps } from './columns.ts';

/**
 * The stored result of matching a candidate's profile against an opportunity's requirements
 * kept up to date by jobs when a profile or a requirement changes. `criteria` holds one entry per
 * requirement: met, unmet or unknown, with its reason and the action that resolves it. Its pages
 * are filled to 70 % (a hand-written migration: the schema cannot say it), so the rewrites of a
 * recomputation stay on their pages.
 */
export const eligibilities = pgTable(
  'eligibilities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    candidateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** null until the first check. */
    eligible: boolean(),
    criteria: jsonb()
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    checkedAt: timestamp({ withTimezone: true }),
    /** The candidate was referred (applied or came through a campaign). */
    referredAt: timestamp({ withTimezone: true }),
    /** A client invited the candidate to apply. */
    invitedAt: timestamp({ withTimezone: true }),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('eligibilities_candidate_opportunity_unique').on(t.candidateId, t.opportunityId),
    index('eligibilities_opportunity_eligible_idx').on(t.opportunityId, t.eligible),
  ],
);
