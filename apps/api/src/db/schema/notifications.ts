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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { opportunities, users } from './core.ts';
import { applications } from './applications.ts';
import { timestamps } from './columns.ts';

/** A notification in the bell menu. `type` "message" ones cannot be dismissed. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    description: text().notNull(),
    image: text(),
    /** Where a click leads. */
    path: text(),
    /** The opportunity a notification is about, when it must be told only once per opportunity. */
    opportunityId: integer().references(() => opportunities.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_active_idx')
      .on(t.userId, t.notifiedAt)
      .where(sql`dismissed_at is null`),
    // Notifications about an opportunity (became eligible, one step away) are raised once each.
    uniqueIndex('notifications_user_type_opportunity_unique')
      .on(t.userId, t.type, t.opportunityId)
      .where(sql`opportunity_id is not null`),
  ],
);

/**
 * An item of the candidate's to-do list. `type` is namespaced; its last segment picks the kind
 * ("profile.biography"). Priority above 5 is critical. One row per user, type and application:
 * regenerating an item upserts it, and resolving sets `resolvedAt` (reopening clears it).
 */
export const actionItems = pgTable(
  'action_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    description: text().notNull(),
    priority: smallint().notNull().default(0),
    resolutionPath: text(),
    applicationId: integer().references(() => applications.id, { onDelete: 'cascade' }),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('action_items_user_type_application_unique')
      .on(t.userId, t.type, t.applicationId)
      .nullsNotDistinct(),
    index('action_items_application_idx').on(t.applicationId),
    check('action_items_priority_range', sql`${t.priority} between 0 and 10`),
  ],
);

/** The notification types a user asked not to receive by e-mail (the bell still shows them). */
export const notificationMailOptOuts = pgTable(
  'notification_mail_opt_outs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
