import { relations, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { opportunities, organizations, users } from './core.ts';
import { timestamps } from './columns.ts';

/**
 * A public, shareable list of opportunities an organization curates, at `/listings/{id}`
 * (a programme's intake, "bursaries for engineers", a careers-fair hand-out).
 */
export const listings = pgTable(
  'listings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** Visible to the public from this moment; null is a draft. */
    publishedAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('listings_organization_idx').on(t.organizationId)],
);

/** The opportunities of a listing, in the curated order (`position` ascending). */
export const listingOpportunities = pgTable(
  'listing_opportunities',
  {
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.opportunityId] }),
    index('listing_opportunities_order_idx').on(t.listingId, t.position),
    index('listing_opportunities_opportunity_idx').on(t.opportunityId),
    check('listing_opportunities_position_nonnegative', sql`${t.position} >= 0`),
  ],
);

// Relations for drizzle's relational queries, kept beside the tables they describe.
export const listingsRelations = relations(listings, ({ one, many }) => ({
  organization: one(organizations, {
    fields: [listings.organizationId],
    references: [organizations.id],
  }),
  items: many(listingOpportunities),
}));

export const listingOpportunitiesRelations = relations(listingOpportunities, ({ one }) => ({
  listing: one(listings, {
    fields: [listingOpportunities.listingId],
    references: [listings.id],
  }),
  opportunity: one(opportunities, {
    fields: [listingOpportunities.opportunityId],
    references: [opportunities.id],
  }),
}));
