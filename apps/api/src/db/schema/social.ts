import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { campaigns, users } from './core.ts';
import { citext } from './columns.ts';

export const socialProvider = pgEnum('social_provider', ['google', 'facebook', 'linkedin']);

/** An account at a social provider linked to a user: signing in there signs in here. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: socialProvider().notNull(),
    /** The provider's stable id of its user (`sub`). */
    subject: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the provider gave when the link was made, shown to the user. */
    email: citext(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('social_identities_provider_subject_key').on(t.provider, t.subject),
    // One account per provider and user.
    unique('social_identities_user_provider_key').on(t.userId, t.provider),
    index('social_identities_user_idx').on(t.userId),
  ],
);

/**
 * One round trip to a provider: what the callback must check (state, nonce, PKCE verifier, the
 * browser that started it), then the one-time code the web app exchanges for the outcome.
 * Finishing marks the row, so a replayed callback is refused.
 */
export const socialSignIns = pgTable(
  'social_sign_ins',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: socialProvider().notNull(),
    state: text().notNull().unique(),
    nonce: text(),
    codeVerifier: text().notNull(),
    /** SHA-256 of the random value in the starting browser's cookie. */
    browserKeyHash: text().notNull(),
    campaignId: integer().references(() => campaigns.id, { onDelete: 'set null' }),
    /** Set when a signed-in user links the provider to their account. */
    linkUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    /** created | signedIn | linked, once the provider answered and the account was resolved. */
    outcome: text(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    handoffCodeHash: text().unique(),
    handoffUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('social_sign_ins_expires_idx').on(t.expiresAt),
    check('social_sign_ins_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
