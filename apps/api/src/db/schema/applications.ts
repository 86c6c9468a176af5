import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { campaigns, opportunities, organizations, users } from './core.ts';
import { timestamps } from './columns.ts';
import { phaseEventKind } from './enums.ts';
import { opportunityLocations, phases, screeningQuestions } from './opportunities.ts';

/** A candidate's application to an opportunity: one per candidate and opportunity. */
export const applications = pgTable(
  'applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    candidateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** The pipeline phase; always a phase of the same opportunity (composite foreign key). */
    phaseId: integer(),
    /**
     * The phase the candidate was last told by e-mail their application moved to; null: none
     * yet, so they know only that they applied (the initial phase).
     */
    toldPhaseId: integer().references(() => phases.id, { onDelete: 'set null' }),
    /** Status shown to the candidate: submitted, in_review, successful, unsuccessful, withdrawn. */
    status: text().notNull().default('submitted'),
    complete: boolean().notNull().default(false),
    /** Completion in percent. */
    completion: smallint().notNull().default(0),
    /** The candidate withdrew it ("archive"). */
    archivedAt: timestamp({ withTimezone: true }),
    /** The organization regretted (declined) it. */
    regrettedAt: timestamp({ withTimezone: true }),
    /** A client's rating, 1 to 5 stars. */
    applicationRating: smallint(),
    screeningSubmittedAt: timestamp({ withTimezone: true }),
    /** The campaign the candidate applied through, for campaign analytics. */
    campaignId: integer().references(() => campaigns.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('applications_candidate_opportunity_unique').on(t.candidateId, t.opportunityId),
    foreignKey({
      name: 'applications_phase_opportunity_fk',
      columns: [t.phaseId, t.opportunityId],
      foreignColumns: [phases.id, phases.opportunityId],
    }),
    index('applications_opportunity_phase_idx').on(t.opportunityId, t.phaseId),
    index('applications_opportunity_status_idx').on(t.opportunityId, t.status),
    index('applications_opportunity_created_idx').on(t.opportunityId, t.createdAt),
    index('applications_phase_idx').on(t.phaseId),
    index('applications_campaign_idx').on(t.campaignId),
    // Analytics count the people of each week applied in (Monday, UTC): the index holds the
    // applications in week and candidate order, with what the count is filtered by, so the
    // people of each week are counted from the index alone as it is read.
    index('applications_week_candidate_idx').on(
      sql`date_trunc('week', ${t.createdAt} at time zone 'UTC')`,
      t.candidateId,
      t.opportunityId,
      t.createdAt,
    ),
    check('applications_completion_range', sql`${t.completion} between 0 and 100`),
    check('applications_rating_range', sql`${t.applicationRating} between 1 and 5`),
  ],
);

/**
 * The applicants of each organization, for analytics: a candidate is an applicant of an
 * organization while they have at least one application to one of its opportunities. The
 * database keeps the list as applications are added, removed or moved (triggers on
 * `applications` and `opportunities`), in the same transaction, so an organization's people are
 * read from the primary key's index instead of found among all its applications on every call.
 */
export const organizationApplicants = pgTable(
  'organization_applicants',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    candidateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // The organization, then the candidate: an organization's people are read from the index
    // alone, in candidate order.
    primaryKey({ columns: [t.organizationId, t.candidateId] }),
    // A candidate's organizations: the triggers work a changed candidate's rows out again, and
    // a user's deletion removes theirs.
    index('organization_applicants_candidate_idx').on(t.candidateId),
  ],
);

/**
 * The groups each applicant falls in for the analytics of the person, one row per candidate,
 * dimension and key (the rule is the SQL function `person_keys`): `gender`, `ethnicity` (the
 * value, or `not_stated`), `disability` (`yes`, `no`, `not_stated`), `grid` (the home's point on
 * the 5 km grid as `latitude,longitude`, or `none`), `institution` and `qualificationType` (each
 * distinct id among the person's qualifications, `-1` for a qualification without one, `0` for
 * no qualification stated). Kept by triggers for every candidate on `organization_applicants`,
 * so a change of profile knows which groups the candidate leaves.
 */
export const candidatePersonKeys = pgTable(
  'candidate_person_keys',
  {
    candidateId: integer().notNull(),
    dimension: text().notNull(),
    key: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.dimension, t.key] })],
);

/**
 * How many of an organization's applicants fall in each group of `candidate_person_keys`: the
 * sum of its applicants' keys, kept by the same triggers in the same transaction, so the
 * overview of a whole organization reads a few hundred counts instead of grouping every
 * applicant. A group nobody is in has no row.
 */
export const organizationPersonCounts = pgTable(
  'organization_person_counts',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dimension: text().notNull(),
    key: text().notNull(),
    people: integer().notNull(),
    /** The sum of the analytics keys of the same people (`analytics_key`): modulo 256, their cell key. */
    keySum: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.dimension, t.key] }),
    check('organization_person_counts_people_nonnegative', sql`${t.people} >= 0`),
  ],
);

/**
 * The one secret of analytics: the seed of each candidate's analytics key, a number from 0 to
 * 255 that is `analytics_key(candidate, key_seed)` (a seeded hash of the candidate's id, worked
 * out where it is needed, never stored or shown). A group's cell key is the sum of its people's
 * keys modulo 256, and picks the small amount its count is moved by (cell-key perturbation).
 * Drawn at random when the table is made, one row only; changing it would move every count,
 * and the key sums of `organization_person_counts` would have to be worked out again.
 */
export const analyticsSettings = pgTable(
  'analytics_settings',
  {
    id: boolean().primaryKey().default(true),
    keySeed: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [check('analytics_settings_one_row', sql`${t.id}`)],
);

/** The opportunity locations a candidate chose when applying. */
export const applicationLocations = pgTable(
  'application_locations',
  {
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    opportunityLocationId: integer()
      .notNull()
      .references(() => opportunityLocations.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.opportunityLocationId] }),
    index('application_locations_location_idx').on(t.opportunityLocationId),
  ],
);

/** History of an application through the pipeline: who moved it where, and when. */
export const applicationPhaseEvents = pgTable(
  'application_phase_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: phaseEventKind().notNull().default('moved'),
    fromPhaseId: integer().references(() => phases.id, { onDelete: 'set null' }),
    phaseId: integer().references(() => phases.id, { onDelete: 'set null' }),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_phase_events_application_idx').on(t.applicationId, t.createdAt),
    index('application_phase_events_phase_idx').on(t.phaseId),
  ],
);

/**
 * Each stay of an application in a phase, for analytics: it begins with an `applied` or `moved`
 * event into the phase and ends at the application's next event (moved on, regretted, archived,
 * reinstated), or is still open. The database keeps it as events are recorded, in the same
 * transaction (a trigger on `application_phase_events`), so it always says what the events say
 * without reading them all again.
 */
export const applicationPhaseStays = pgTable(
  'application_phase_stays',
  {
    /** The event that began the stay. */
    eventId: integer()
      .primaryKey()
      .references(() => applicationPhaseEvents.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The application's candidate and opportunity, copied so analytics need not join applications. */
    candidateId: integer().notNull(),
    opportunityId: integer().notNull(),
    phaseId: integer().references(() => phases.id, { onDelete: 'set null' }),
    enteredAt: timestamp({ withTimezone: true }).notNull(),
    leftAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('application_phase_stays_application_idx').on(t.applicationId),
    index('application_phase_stays_open_idx')
      .on(t.applicationId)
      .where(sql`${t.leftAt} is null`),
    // Analytics read the stays of an organization's opportunities (how many reached each
    // phase, the median stay): the index holds them by opportunity and phase with every column
    // those counts read, so an organization's stays are read from the index alone, not found
    // among every organization's.
    index('application_phase_stays_opportunity_idx').on(
      t.opportunityId,
      t.phaseId,
      t.candidateId,
      t.applicationId,
      t.enteredAt,
      t.leftAt,
    ),
  ],
);

export const screeningAnswers = pgTable(
  'screening_answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    screeningQuestionId: integer()
      .notNull()
      .references(() => screeningQuestions.id, { onDelete: 'cascade' }),
    answer: text().notNull(),
    ...timestamps,
  },
  (t) => [
    unique('screening_answers_application_question_unique').on(
      t.applicationId,
      t.screeningQuestionId,
    ),
    index('screening_answers_question_idx').on(t.screeningQuestionId),
  ],
);

/**
 * The financial needs survey of a bursary application: one per application, kept by the
 * candidate until the opportunity's application window closes. `candidateId` repeats the
 * application's candidate so their last survey prefills the next one.
 */
export const financialSurveys = pgTable(
  'financial_surveys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    candidateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    householdSize: smallint().notNull(),
    /** Monthly household income band (shared `incomeBands`). */
    incomeBand: text().notNull(),
    dependants: smallint().notNull(),
    /** Who pays for the studies today (shared `studyFunders`), at least one. */
    studyFunders: text().array().notNull(),
    /** Other bursaries and loans held or applied for: [{name, status, amount}]. */
    otherFunding: jsonb()
      .$type<{ name: string; status: 'held' | 'applied'; amount: number | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    motivation: text().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    unique('financial_surveys_application_unique').on(t.applicationId),
    index('financial_surveys_candidate_idx').on(t.candidateId, t.updatedAt),
    check('financial_surveys_household_size_range', sql`${t.householdSize} between 1 and 30`),
    check('financial_surveys_dependants_range', sql`${t.dependants} between 0 and 30`),
  ],
);

/** A client user opened an application: who, and when (one row per opening). */
export const applicationViews = pgTable(
  'application_views',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    viewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_views_application_idx').on(t.applicationId, t.viewedAt)],
);
