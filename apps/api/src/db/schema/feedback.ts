import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { organizations, users } from './core.ts';
import { applications } from './applications.ts';
import { timestamps } from './columns.ts';

/** A client shares applications with responders and asks for their opinion ("Shared With Me"). */
export const feedbackRequests = pgTable(
  'feedback_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedById: integer().references(() => users.id, { onDelete: 'set null' }),
    message: text(),
    closedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('feedback_requests_organization_idx').on(t.organizationId),
    index('feedback_requests_requested_by_idx').on(t.requestedById),
  ],
);

export const feedbackRequestApplications = pgTable(
  'feedback_request_applications',
  {
    feedbackRequestId: integer()
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.feedbackRequestId, t.applicationId] }),
    index('feedback_request_applications_application_idx').on(t.applicationId),
  ],
);

export const feedbackRequestResponders = pgTable(
  'feedback_request_responders',
  {
    feedbackRequestId: integer()
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.feedbackRequestId, t.userId] }),
    index('feedback_request_responders_user_idx').on(t.userId),
  ],
);

/**
 * Someone outside the organization asked by e-mail: they answer through a guest link of their
 * own (purpose `feedback`, subject this row) until it expires or the requester withdraws it.
 */
export const feedbackRequestGuests = pgTable(
  'feedback_request_guests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    feedbackRequestId: integer()
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text().notNull(),
    name: text(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('feedback_request_guests_request_email_unique').on(t.feedbackRequestId, t.email)],
);

/**
 * One responder's opinion on one shared application: a colleague's (responderId) or that of
 * someone outside (guestId), exactly one of the two.
 */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    feedbackRequestId: integer()
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    responderId: integer().references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer().references(() => feedbackRequestGuests.id, { onDelete: 'cascade' }),
    /** 1 to 5. */
    rating: smallint(),
    comment: text(),
    ...timestamps,
  },
  (t) => [
    unique('feedback_responses_request_application_responder_unique').on(
      t.feedbackRequestId,
      t.applicationId,
      t.responderId,
    ),
    unique('feedback_responses_request_application_guest_unique').on(
      t.feedbackRequestId,
      t.applicationId,
      t.guestId,
    ),
    index('feedback_responses_application_idx').on(t.applicationId),
    check('feedback_responses_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'feedback_responses_one_responder',
      sql`(${t.responderId} is null) <> (${t.guestId} is null)`,
    ),
  ],
);

/** A client reports a candidate for an irregularity (may lead to suspension). */
export const flags = pgTable(
  'flags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    candidateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raisedById: integer().references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer().references(() => organizations.id, { onDelete: 'set null' }),
    applicationId: integer().references(() => applications.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    /** The profile section the irregularity is in (shared `flagSections`). */
    section: text(),
    /**
     * A digest of that section's content when the flag was raised: the flag stays open until the
     * section's content differs from it, and is resolved (resolvedAt) when it does.
     */
    sectionDigest: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('flags_candidate_idx').on(t.candidateId),
    index('flags_raised_by_idx').on(t.raisedById),
  ],
);
