import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { opportunities, users } from './core.ts';
import { applications } from './applications.ts';
import { timestamps } from './columns.ts';
import { documentBundleStatus, documentKind } from './enums.ts';

/** An uploaded file; the bytes live in storage under `storageKey`. */
export const documents = pgTable(
  'documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: documentKind().notNull(),
    storageKey: text().notNull().unique(),
    originalName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    /** Hex SHA-256 of the content. */
    sha256: char({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_user_kind_idx').on(t.userId, t.kind),
    check('documents_byte_size_positive', sql`${t.byteSize} > 0`),
    check('documents_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** A zip of applicants' documents a client asked for; built by a job, then e-mailed. */
export const documentBundles = pgTable(
  'document_bundles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestedById: integer().references(() => users.id, { onDelete: 'set null' }),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    status: documentBundleStatus().notNull().default('queued'),
    /** The kinds of document asked for; the zip holds only these. */
    documentKinds: documentKind()
      .array()
      .notNull()
      .default(sql`'{}'`),
    storageKey: text(),
    /** The zip's size; a bundle of many applicants may pass the 2 GiB an integer holds. */
    byteSize: bigint({ mode: 'number' }),
    error: text(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('document_bundles_opportunity_idx').on(t.opportunityId),
    index('document_bundles_requested_by_idx').on(t.requestedById),
  ],
);

export const documentBundleApplications = pgTable(
  'document_bundle_applications',
  {
    documentBundleId: integer()
      .notNull()
      .references(() => documentBundles.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.documentBundleId, t.applicationId] }),
    index('document_bundle_applications_application_idx').on(t.applicationId),
  ],
);
