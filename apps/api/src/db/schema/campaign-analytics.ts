import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

import { campaigns } from './core.ts';

/**
 * How often a campaign's public page was viewed, one row per campaign and day (UTC). A view
 * adds one to its day's row; nothing about the visitor is kept (no address, no browser, no
 * cookie), so the table holds counts and nothing else.
 */
export const campaignVisits = pgTable(
  'campaign_visits',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visits: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day] }),
    check('campaign_visits_visits_nonnegative', sql`${t.visits} >= 0`),
  ],
);
