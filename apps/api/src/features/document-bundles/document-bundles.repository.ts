import type { DocumentKind } from '@pathways/shared/documents/documents.schemas';
import { and, asc, count, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  documentBundleApplications,
  documentBundles,
  opportunities,
} from '../../db/schema/index.ts';

// Every query of the document bundles feature.

export type BundleRow = typeof documentBundles.$inferSelect;

export async function insertBundle(
  tx: DbOrTx,
  values: {
    requestedById: number;
    opportunityId: number;
    documentKinds: DocumentKind[];
    createdAt: Date;
  },
): Promise<BundleRow> {
  const [row] = await tx
    .insert(documentBundles)
    .values({ ...values, status: 'queued', updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertBundleApplications(
  tx: DbOrTx,
  documentBundleId: number,
  applicationIds: readonly number[],
): Promise<void> {
  if (applicationIds.length === 0) return;
  await tx
    .insert(documentBundleApplications)
    .values(applicationIds.map((applicationId) => ({ documentBundleId, applicationId })));
}

export async function findBundle(db: DbOrTx, id: number): Promise<BundleRow | undefined> {
  const [row] = await db.select().from(documentBundles).where(eq(documentBundles.id, id)).limit(1);
  return row;
}

/** The opportunity's name, for the e-mail that tells the requester about their bundle. */
export async function findOpportunityName(db: DbOrTx, opportunityId: number): Promise<string> {
  const [row] = await db
    .select({ name: opportunities.name })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .limit(1);
  return row?.name ?? '';
}

/**
 * Marks a waiting bundle as being built and returns it; a bundle already built, failed or
 * deleted returns nothing. A bundle left `running` by a worker that stopped is taken again.
 */
export async function claimBundle(
  db: DbOrTx,
  id: number,
  at: Date,
): Promise<BundleRow | undefined> {
  const [row] = await db
    .update(documentBundles)
    .set({ status: 'running', startedAt: at, updatedAt: at, error: null })
    .where(and(eq(documentBundles.id, id), inArray(documentBundles.status, ['queued', 'running'])))
    .returning();
  return row;
}

export async function bundleApplicationIds(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db
    .select({ applicationId: documentBundleApplications.applicationId })
    .from(documentBundleApplications)
    .where(eq(documentBundleApplications.documentBundleId, id))
    .orderBy(asc(documentBundleApplications.applicationId));
  return rows.map((r) => r.applicationId);
}

export async function markReady(
  db: DbOrTx,
  id: number,
  values: { storageKey: string; byteSize: number; at: Date },
): Promise<void> {
  await db
    .update(documentBundles)
    .set({
      status: 'ready',
      storageKey: values.storageKey,
      byteSize: values.byteSize,
      completedAt: values.at,
      updatedAt: values.at,
    })
    .where(eq(documentBundles.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string, at: Date): Promise<void> {
  await db
    .update(documentBundles)
    .set({ status: 'failed', error, completedAt: at, updatedAt: at })
    .where(eq(documentBundles.id, id));
}

export interface BundleListRow extends BundleRow {
  opportunityName: string;
  applicationCount: number;
}

/** The user's most recent bundles, newest first, with the opportunity's name and the applicants. */
export async function listRecent(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<BundleListRow[]> {
  const counts = db
    .select({
      documentBundleId: documentBundleApplications.documentBundleId,
      n: count().as('n'),
    })
    .from(documentBundleApplications)
    .groupBy(documentBundleApplications.documentBundleId)
    .as('counts');
  const rows = await db
    .select({ bundle: documentBundles, opportunityName: opportunities.name, n: counts.n })
    .from(documentBundles)
    .innerJoin(opportunities, eq(opportunities.id, documentBundles.opportunityId))
    .leftJoin(counts, eq(counts.documentBundleId, documentBundles.id))
    .where(eq(documentBundles.requestedById, userId))
    .orderBy(desc(documentBundles.createdAt), desc(documentBundles.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.bundle,
    opportunityName: r.opportunityName,
    applicationCount: Number(r.n ?? 0),
  }));
}

/** Ready bundles finished before `before` whose zip is still stored. */
export async function listStoredBefore(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<{ id: number; storageKey: string }[]> {
  const rows = await db
    .select({ id: documentBundles.id, storageKey: documentBundles.storageKey })
    .from(documentBundles)
    .where(and(isNotNull(documentBundles.storageKey), lt(documentBundles.completedAt, before)))
    .orderBy(asc(documentBundles.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, storageKey: r.storageKey! }));
}

export async function forgetStorageKey(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(documentBundles)
    .set({ storageKey: null, updatedAt: at })
    .where(eq(documentBundles.id, id));
}
