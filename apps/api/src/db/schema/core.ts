import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { citext, timestamps } from './columns.ts';
import { campaignKind, employmentType, opportunityKind } from './enums.ts';
import { trigramIndex } from './geo.ts';

// The four tables the rest of the schema hangs from. They refer to one another (a user may sign
// up through a campaign, a campaign names an organization and perhaps one of its opportunities,
// an opportunity belongs to an organization, and campaigns and opportunities record the user who
// created them), so they live in one file and the other table files only import from it.

export const userRole = pgEnum('user_role', ['candidate', 'client', 'admin']);

/** Every account: candidates, client users and admins. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: citext().notNull().unique(),
    passwordHash: text(),
    role: userRole().notNull(),
    // Protected fields: never set from a request body.
    primary: boolean().notNull().default(false),
    isSuspended: boolean().notNull().default(false),
    suspendedAt: timestamp({ withTimezone: true }),
    isBlocked: boolean().notNull().default(false),
    verifiedAt: timestamp({ withTimezone: true }),
    firstName: text(),
    lastName: text(),
    avatar: text(),
    unconfirmedEmail: citext(),
    confirmationSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    signupCampaignId: integer().references((): AnyPgColumn => campaigns.id, {
      onDelete: 'set null',
    }),
    /**
     * When the user first applied where their sign-up campaign leads: the earliest of their
     * applications to the campaign's opportunity, or for an organization's campaign to any
     * opportunity of that organization. Null without a campaign or such an application. Kept by
     * the database (function `campaign_first_application_at` and the triggers that call it on
     * applications, users, campaigns and opportunities), never written by the application.
     */
    signupCampaignAppliedAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    /**
     * The IANA time zone the user reads times in ("Europe/London"); null for the default
     * (Africa/Johannesburg), so a change of the default reaches everyone who chose none.
     */
    timeZone: text(),
    ...timestamps,
  },
  (t) => [
    index('users_role_idx').on(t.role),
    // Campaign analytics counts the sign-ups of a campaign and their first applications by
    // week from this index alone (an index-only scan); it also serves the campaign's deletion.
    index('users_signup_campaign_idx')
      .on(t.signupCampaignId, t.role, t.createdAt, t.signupCampaignAppliedAt)
      .where(sql`${t.signupCampaignId} is not null`),
  ],
);

/** An employer or funder that offers opportunities. */
export const organizations = pgTable(
  'organizations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** For `/organizations/{id}/{name}` links. */
    slug: citext().notNull().unique(),
    logo: text(),
    description: text(),
    website: text(),
    industry: text(),
    ...timestamps,
  },
  (t) => [trigramIndex('organizations_name_trgm_idx', t.name)],
);

/** A job, bursary or scholarship an organization offers. */
export const opportunities = pgTable(
  'opportunities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: opportunityKind().notNull(),
    name: text().notNull(),
    summary: text(),
    description: text(),
    logo: text(),
    /** Visible to the public from this moment; null is a draft. */
    publishedAt: timestamp({ withTimezone: true }),
    /** The application window. */
    opensAt: timestamp({ withTimezone: true }),
    closesAt: timestamp({ withTimezone: true }),
    /** When the job or the funded studies start. */
    commencesAt: timestamp({ withTimezone: true }),
    /** Number of places, when known. */
    positions: integer(),
    /** The terms of a job, when stated. */
    employmentType: employmentType(),
    /** Remuneration or funding per year, in `currency` units. */
    currency: char({ length: 3 }).notNull().default('ZAR'),
    valueMin: integer(),
    valueMax: integer(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Incremented by every change of a client's form, so an edit based on an older version
     * is refused instead of silently overwriting a colleague's.
     */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // Target of composite foreign keys that pin a campaign to its organization.
    unique('opportunities_id_organization_unique').on(t.id, t.organizationId),
    index('opportunities_organization_idx').on(t.organizationId, t.opensAt),
    index('opportunities_published_idx').on(t.publishedAt, t.opensAt),
    index('opportunities_kind_idx').on(t.kind),
    // The search's order without a place to measure from: the newest opportunity first.
    index('opportunities_newest_idx').on(t.opensAt.desc().nullsLast(), t.id.desc()),
    // Searches leave closed ones out (closes_at unset or later than now) and sort by closing:
    // as opportunities accumulate, most are closed, and this finds the rest without reading them.
    index('opportunities_closes_idx').on(t.closesAt),
    trigramIndex('opportunities_name_trgm_idx', t.name),
    check('opportunities_window_ordered', sql`${t.closesAt} > ${t.opensAt}`),
    check('opportunities_value_ordered', sql`${t.valueMax} >= ${t.valueMin}`),
  ],
);

/**
 * A branded sign-up page at `/campaign/{slug}`: either for an organization, or for one of its
 * opportunities (an opportunity campaign always belongs to that opportunity's organization).
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
