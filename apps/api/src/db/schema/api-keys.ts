import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { ApiKeyScopes } from '@pathways/shared/api-keys/api-keys.rules';

import { organizations, users } from './core.ts';

/**
 * An organization's API keys, for systems that call the client API without a person signing in.
 * The key is `pwk_<public id>_<secret>`: only the SHA-256 of the secret is kept (a 256-bit
 * random secret needs no slow hash), so the key is shown once, at creation. A key goes with the
 * account of the primary user who created it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    publicId: text().notNull(),
    secretHash: text().notNull(),
    name: text().notNull(),
    scopes: jsonb().$type<ApiKeyScopes>().notNull(),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_public_id_idx').on(t.publicId),
    index('api_keys_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * Every call made with a key: when, which operation (its path pattern, never the path with ids
 * or a query), the answer's status and how long it took. Kept 90 days.
 */
export const apiKeyRequests = pgTable(
  'api_key_requests',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    method: text().notNull(),
    route: text().notNull(),
    status: smallint().notNull(),
    durationMs: integer().notNull(),
  },
  (t) => [
    // A key's recent calls, newest first; and the purge of old ones.
    index('api_key_requests_key_at_idx').on(t.apiKeyId, t.at.desc()),
    index('api_key_requests_at_idx').on(t.at),
  ],
);
