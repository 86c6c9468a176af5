import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { campaigns } from './campaigns.ts';
import { citext, timestamps } from './columns.ts';

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
    lastSignInAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('users_role_idx').on(t.role)],
);

/** A signed-in session: the access token names it in `sid`, so revoking the row ends it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userTokenPurpose = pgEnum('user_token_purpose', ['email_confirmation', 'password_reset']);

/** One-time links sent by e-mail; only a SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurpose().notNull(),
    tokenHash: text().notNull().unique(),
    email: citext().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    check('user_tokens_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
