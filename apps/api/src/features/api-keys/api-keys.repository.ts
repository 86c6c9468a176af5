import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';

import type { ApiKeyScopes } from '@pathways/shared/api-keys/api-keys.rules';

import type { DbOrTx } from '../../db/client.ts';
import { apiKeyRequests, apiKeys, users } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect & {
  creator: { id: number; firstName: string | null; lastName: string | null; email: string } | null;
};

const keyColumns = {
  id: apiKeys.id,
  organizationId: apiKeys.organizationId,
  publicId: apiKeys.publicId,
  secretHash: apiKeys.secretHash,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  createdByUserId: apiKeys.createdByUserId,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creator: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
};

/** The keys of an organization, newest first. */
export async function listKeys(db: DbOrTx, organizationId: number): Promise<ApiKeyRow[]> {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** One key of an organization; undefined for a key of another organization. */
export async function findKey(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** A key by its public id with what deciding a call needs: its creator's user and blocked flag. */
export async function findKeyByPublicId(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      userId: users.id,
      primary: users.primary,
      isBlocked: users.isBlocked,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.publicId, publicId))
    .limit(1);
  return row;
}

export async function insertKey(
  db: DbOrTx,
  values: {
    organizationId: number;
    publicId: string;
    secretHash: string;
    name: string;
    scopes: ApiKeyScopes;
    createdByUserId: number;
    createdAt: Date;
    expiresAt: Date | null;
  },
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

/** Renames a key of the organization; false when it has no such key. */
export async function renameKey(
  db: DbOrTx,
  organizationId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Revokes a key of the organization (a revoked one keeps its first revocation); false if none. */
export async function revokeKey(
  db: DbOrTx,
  organizationId: number,
  id: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface KeyRequestEntry {
  apiKeyId: number;
  at: Date;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/** Writes calls made with keys, and moves each key's last use forward (never back). */
export async function insertRequests(db: DbOrTx, entries: readonly KeyRequestEntry[]) {
  if (entries.length === 0) return;
  await db.insert(apiKeyRequests).values([...entries]);
  const lastUse = new Map<number, Date>();
  for (const e of entries) {
    const seen = lastUse.get(e.apiKeyId);
    if (!seen || seen < e.at) lastUse.set(e.apiKeyId, e.at);
  }
  for (const [id, at] of lastUse) {
    await db
      .update(apiKeys)
      .set({
        lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(apiKeys.id, id));
  }
}

/** A page of a key's calls, newest first, and how many it has. */
export async function listRequests(db: DbOrTx, apiKeyId: number, page: number, per: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        at: apiKeyRequests.at,
        method: apiKeyRequests.method,
        route: apiKeyRequests.route,
        status: apiKeyRequests.status,
        durationMs: apiKeyRequests.durationMs,
      })
      .from(apiKeyRequests)
      .where(eq(apiKeyRequests.apiKeyId, apiKeyId))
      .orderBy(desc(apiKeyRequests.at), desc(apiKeyRequests.id))
      .limit(per)
      .offset((page - 1) * per),
    db.select({ n: count() }).from(apiKeyRequests).where(eq(apiKeyRequests.apiKeyId, apiKeyId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Deletes up to `batch` of the calls made before a moment (oldest first); how many went. */
export async function deleteRequestsBefore(
  db: DbOrTx,
  before: Date,
  batch: number,
): Promise<number> {
  const oldest = db
    .select({ id: apiKeyRequests.id })
    .from(apiKeyRequests)
    .where(lt(apiKeyRequests.at, before))
    .orderBy(apiKeyRequests.at)
    .limit(batch);
  const rows = await db
    .delete(apiKeyRequests)
    .where(inArray(apiKeyRequests.id, oldest))
    .returning({ id: apiKeyRequests.id });
  return rows.length;
}
