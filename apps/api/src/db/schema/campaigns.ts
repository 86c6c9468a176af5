import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { citext, timestamps } from './columns.ts';
import { campaignKind } from './enums.ts';
import { opportunities } from './opportunities.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A branded sign-up page at `/campaign/{slug}`: either for an organization, or for one of its
 * opportunities (SPEC.md: "either organization or opportunity (with its organization)").
 * `organizationId` is always set; an opportunity campaign also names an opportunity of that
 * organization (a composite foreign key keeps them consistent).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: citext().notNull().unique(),
    name: text().notNull(),
    kind: campaignKind().notNull(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    opportunityId: integer(),
    description: text(),
    image: text(),
    /** Copy overrides for the campaign page and the sign-up conversation. */
    copy: jsonb().$type<Record<string, string>>().notNull().default({}),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'campaigns_opportunity_organization_fk',
      columns: [t.opportunityId, t.organizationId],
      foreignColumns: [opportunities.id, opportunities.organizationId],
    }).onDelete('cascade'),
    index('campaigns_organization_idx').on(t.organizationId),
    index('campaigns_opportunity_idx').on(t.opportunityId),
    check(
      'campaigns_kind_matches_target',
      sql`(${t.kind} = 'organization' and ${t.opportunityId} is null) or (${t.kind} = 'opportunity' and ${t.opportunityId} is not null)`,
    ),
    check('campaigns_window_ordered', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

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
