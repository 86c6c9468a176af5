import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { timestamps } from './columns.ts';
import {
  coordinateChecks,
  countryCheck,
  earthIndex,
  earthPoint,
  requiredCoordinates,
} from './geo.ts';
import { opportunities } from './core.ts';
import { clientUsers } from './organizations.ts';
import { locations } from './reference.ts';

/** Where an opportunity is offered; distance search sorts these. */
export const opportunityLocations = pgTable(
  'opportunity_locations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** The gazetteer place it was picked from, if any. */
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    address: text().notNull(),
    city: text(),
    province: text(),
    country: char({ length: 2 }).notNull().default('ZA'),
    ...requiredCoordinates(),
    ...timestamps,
  },
  (t) => [
    // An opportunity's places in the order they were made: its first place (the job feed's) is
    // one index entry, not a walk of every place of every opportunity.
    index('opportunity_locations_opportunity_idx').on(t.opportunityId, t.id),
    earthIndex('opportunity_locations_earth_idx', t),
    // The nearest locations of one opportunity, read in distance order (KNN) without touching
    // its others: a search result's nearest places, and the distance of every match.
    // `opportunity_id` in a GiST index needs the btree_gist extension.
    index('opportunity_locations_opportunity_earth_idx').using(
      'gist',
      t.opportunityId,
      earthPoint(t.latitude, t.longitude),
    ),
    countryCheck('opportunity_locations_country_format', t.country),
    ...coordinateChecks('opportunity_locations', t),
  ],
);

/**
 * The screening pipeline: one initial phase, then a chain through `nextPhaseId`.
 * The order (1, 2, ...) is computed by following the chain from the initial phase.
 */
export const phases = pgTable(
  'phases',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    initial: boolean().notNull().default(false),
    nextPhaseId: integer().references((): AnyPgColumn => phases.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Target of the composite foreign key that keeps an application's phase in its opportunity.
    unique('phases_id_opportunity_unique').on(t.id, t.opportunityId),
    index('phases_opportunity_idx').on(t.opportunityId),
    uniqueIndex('phases_one_initial_per_opportunity')
      .on(t.opportunityId)
      .where(sql`initial`),
    // A chain: no two phases lead to the same next phase. That constraint is DEFERRABLE
    // (so a reorder can pass through a transient duplicate) and lives in the custom migration
    // 0003_search_and_chain, since drizzle-kit cannot express deferrable constraints.
    index('phases_next_phase_idx').on(t.nextPhaseId),
    check('phases_next_not_self', sql`${t.nextPhaseId} <> ${t.id}`),
  ],
);

/** Client users listed as managers of an opportunity (primary users manage all). */
export const opportunityManagers = pgTable(
  'opportunity_managers',
  {
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => clientUsers.userId, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.opportunityId, t.userId] }),
    index('opportunity_managers_user_idx').on(t.userId),
  ],
);

/** An eligibility criterion; `criterion` is validated by the shared zod union for its `kind`. */
export const requirements = pgTable(
  'requirements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    criterion: jsonb().$type<Record<string, unknown>>().notNull(),
    description: text(),
    position: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('requirements_opportunity_idx').on(t.opportunityId, t.position)],
);

export const screeningQuestions = pgTable(
  'screening_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    prompt: text().notNull(),
    required: boolean().notNull().default(true),
    position: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('screening_questions_opportunity_idx').on(t.opportunityId, t.position)],
);
