import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

import { citext } from './columns.ts';
import { campaigns } from './core.ts';

/** Legacy short paths (programme codes) that redirect to `/campaign/{slug}`. */
export const campaignAliases = pgTable(
  'campaign_aliases',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    alias: citext().notNull().unique(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_aliases_campaign_idx').on(t.campaignId)],
);
