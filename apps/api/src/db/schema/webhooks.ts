import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { timestamps } from './columns.ts';
import { opportunities, organizations } from './core.ts';

/**
 * An address of an organization's own system that is told, signed, when something happens.
 * `events` null means every event. The previous secret still signs until it expires, so a
 * receiver can switch to the rotated one without losing a message.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text().array(),
    enabled: boolean().notNull().default(true),
    /** Why it was disabled: by a user (null) or by the product after failing deliveries. */
    disabledReason: text(),
    disabledAt: timestamp({ withTimezone: true }),
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    /** Messages in a row that used up every retry without one success in between. */
    exhaustedInARow: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);

/** The outbox: one row per event, written in the transaction of the change it describes. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The `webhook-id` header: the same on every attempt and on a replay. */
    messageId: text().notNull().unique(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_messages_organization_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One message to one endpoint. `pending` ones are attempted when `nextAttemptAt` comes; a
 * worker leases one (`leasedUntil`) while it attempts it, so two workers never send it twice.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer()
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** pending, succeeded or failed (every retry used up). */
    status: text().notNull().default('pending'),
    /** Attempts in the current round (a replay starts a new round). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    leasedUntil: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_message_endpoint').on(t.messageId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every attempt to deliver, as the receiver answered it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp({ withTimezone: true }).notNull(),
    /** The HTTP status of the answer; null when none came (timeout, refused, unreachable). */
    statusCode: integer(),
    responseMs: integer().notNull(),
    error: text(),
    /** The start of the answer's body, at most 1 KB. */
    responseBody: text(),
    /** Asked for by a user (a replay). */
    manual: boolean().notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

/**
 * Closings already announced: an opportunity is announced closed once per closing moment,
 * whether a user closed it or its closing date passed.
 */
export const webhookOpportunityClosings = pgTable(
  'webhook_opportunity_closings',
  {
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    closesAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.closesAt] })],
);

/** When a periodic sweep last ran, so the next one looks only at what happened since. */
export const webhookSweeps = pgTable('webhook_sweeps', {
  name: text().primaryKey(),
  ranAt: timestamp({ withTimezone: true }).notNull(),
  ...timestamps,
});
