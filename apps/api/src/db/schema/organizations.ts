import { char, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { timestamps } from './columns.ts';
import { coordinateChecks, coordinates, countryCheck, earthIndex } from './geo.ts';
import { organizations, users } from './core.ts';

export const organizationLocations = pgTable(
  'organization_locations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text(),
    address: text().notNull(),
    city: text(),
    province: text(),
    country: char({ length: 2 }).notNull().default('ZA'),
    ...coordinates(),
    ...timestamps,
  },
  (t) => [
    index('organization_locations_organization_idx').on(t.organizationId),
    earthIndex('organization_locations_earth_idx', t),
    countryCheck('organization_locations_country_format', t.country),
    ...coordinateChecks('organization_locations', t),
  ],
);

/**
 * A client user belongs to exactly one organization. `users.primary` marks the organization's
 * primary users (full access); the others see what they manage.
 */
export const clientUsers = pgTable(
  'client_users',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    jobTitle: text(),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp({ withTimezone: true }),
    /** Set while the user is deactivated: they cannot log in until a primary user reactivates them. */
    deactivatedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('client_users_organization_idx').on(t.organizationId)],
);
