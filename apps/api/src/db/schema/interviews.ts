import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { opportunities, users } from './core.ts';
import { applications } from './applications.ts';
import { timestamps } from './columns.ts';
import { opportunityLocations } from './opportunities.ts';

/** A workspace's interview settings: the scorecard's criteria and blind review. */
export const interviewSettings = pgTable('interview_settings', {
  opportunityId: integer()
    .primaryKey()
    .references(() => opportunities.id, { onDelete: 'cascade' }),
  /** `[{key, label}]`: each criterion is scored 1 to 5. */
  criteria: jsonb()
    .$type<{ key: string; label: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  blindReview: boolean().notNull().default(false),
  ...timestamps,
});

/** Where an interview takes place; shared by slots and interviews. */
const placeColumns = () => ({
  /** location (a place of the opportunity), address, or video. */
  placeKind: text().notNull(),
  opportunityLocationId: integer().references(() => opportunityLocations.id, {
    onDelete: 'set null',
  }),
  /** The address (a copy of the place's for `location`, so a deleted place leaves the words). */
  address: text(),
  videoUrl: text(),
});

/** Who interviews in a slot: a manager (userId) or someone outside by e-mail. */
export interface SlotInterviewer {
  userId: number | null;
  email: string;
  name: string | null;
}

/** A time offered for an interview in a workspace; it is taken by the first who books it. */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    ...placeColumns(),
    interviewers: jsonb().$type<SlotInterviewer[]>().notNull(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('interview_slots_opportunity_idx').on(t.opportunityId, t.startsAt),
    check('interview_slots_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Times offered to one application; the candidate books one or asks for other times. */
export const interviewOffers = pgTable(
  'interview_offers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** open, booked, other_times, withdrawn (shared `offerStatuses`). */
    status: text().notNull().default('open'),
    message: text(),
    candidateMessage: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('interview_offers_application_idx').on(t.applicationId)],
);

export const interviewOfferSlots = pgTable(
  'interview_offer_slots',
  {
    offerId: integer()
      .notNull()
      .references(() => interviewOffers.id, { onDelete: 'cascade' }),
    slotId: integer()
      .notNull()
      .references(() => interviewSlots.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.slotId] }),
    index('interview_offer_slots_slot_idx').on(t.slotId),
  ],
);

/** An interview at a fixed time: booked from a slot, or set by a client directly. */
export const interviews = pgTable(
  'interviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    offerId: integer().references(() => interviewOffers.id, { onDelete: 'set null' }),
    /** The slot it was booked from: a slot holds one scheduled interview at most. */
    slotId: integer().references(() => interviewSlots.id, { onDelete: 'set null' }),
    /** The calendar event's UID (RFC 5545): the same through every change. */
    uid: text().notNull(),
    /** The calendar event's SEQUENCE: grows with each change. */
    sequence: integer().notNull().default(0),
    /** scheduled, cancelled (shared `interviewStatuses`). */
    status: text().$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    ...placeColumns(),
    /** When the interview was last fixed at its time: reminders due before that are skipped. */
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    dayReminderSentAt: timestamp({ withTimezone: true }),
    hourReminderSentAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('interviews_uid_unique').on(t.uid),
    uniqueIndex('interviews_slot_taken_once')
      .on(t.slotId)
      .where(sql`${t.status} = 'scheduled'`),
    index('interviews_application_idx').on(t.applicationId),
    index('interviews_upcoming_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'scheduled'`),
    check('interviews_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * An interviewer of one interview, with a copy of its time while it is scheduled (`busy`):
 * an exclusion constraint (migration) refuses two busy rows of one e-mail address whose times
 * overlap, so an interviewer is never booked twice at once, whatever runs concurrently.
 */
export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    interviewId: integer()
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Lower-case: interviewers are matched by address, with or without an account. */
    email: text().notNull(),
    name: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    busy: boolean().notNull().default(true),
  },
  (t) => [
    unique('interview_interviewers_interview_email_unique').on(t.interviewId, t.email),
    index('interview_interviewers_user_idx').on(t.userId),
    check('interview_interviewers_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A reminder that reached one person of an interview (by address): a reminder that reached some
 * and failed for others is sent again only to those it has no row for. Moving the interview
 * clears them, with its reminders.
 */
export const interviewReminderDeliveries = pgTable(
  'interview_reminder_deliveries',
  {
    interviewId: integer()
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** `day` or `hour` (shared `ReminderKind`). */
    kind: text().$type<'day' | 'hour'>().notNull(),
    email: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.kind, t.email] })],
);

/** One interviewer's scorecard of one interview. */
export const interviewScorecards = pgTable(
  'interview_scorecards',
  {
    interviewerId: integer()
      .primaryKey()
      .references(() => interviewInterviewers.id, { onDelete: 'cascade' }),
    interviewId: integer()
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** `{criterionKey: 1..5}`. */
    scores: jsonb().$type<Record<string, number>>().notNull(),
    recommendation: text().notNull(),
    notes: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('interview_scorecards_interview_idx').on(t.interviewId)],
);

/**
 * A link that lets someone without an account see one thing (an interview to score, later a
 * feedback request): a random token, kept only as its SHA-256, for one purpose and subject,
 * until it expires or is revoked.
 */
export const guestLinks = pgTable(
  'guest_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    /** What the link opens, e.g. `interview` (the subject is an interview_interviewers row). */
    purpose: text().notNull(),
    subjectId: integer().notNull(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('guest_links_token_hash_unique').on(t.tokenHash),
    index('guest_links_subject_idx').on(t.purpose, t.subjectId),
  ],
);
