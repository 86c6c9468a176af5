import type { DocumentKind } from '@pathways/shared/documents/documents.schemas';
import { and, asc, count, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { documents, users } from '../../db/schema/index.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

export async function listByUser(db: DbOrTx, userId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

/** The document if it belongs to `userId`; someone else's is as missing as a deleted one. */
export async function findOwned(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .limit(1);
  return row;
}

export async function kindsOf(db: DbOrTx, userId: number): Promise<DocumentKind[]> {
  const rows = await db
    .selectDistinct({ kind: documents.kind })
    .from(documents)
    .where(eq(documents.userId, userId));
  return rows.map((r) => r.kind);
}

export async function storageKeysOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(eq(documents.userId, userId));
  return rows.map((r) => r.storageKey);
}

export async function countOfKind(db: DbOrTx, userId: number, kind: DocumentKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, kind)));
  return row?.n ?? 0;
}

/**
 * Locks the user's row until the transaction ends, so one user's uploads (and avatar changes)
 * run one after the other: two uploads of the same kind cannot both survive.
 */
export async function lockUser(tx: DbOrTx, userId: number): Promise<{ avatar: string | null }> {
  const [row] = await tx
    .select({ avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

/** Deletes the user's documents of `kind` and returns their storage keys. */
export async function deleteOfKind(
  tx: DbOrTx,
  userId: number,
  kind: DocumentKind,
): Promise<string[]> {
  const rows = await tx
    .delete(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, kind)))
    .returning({ storageKey: documents.storageKey });
  return rows.map((r) => r.storageKey);
}

export async function insertDocument(tx: DbOrTx, values: NewDocument): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Deletes the document if it belongs to `userId`; returns its storage key, if it did. */
export async function deleteOwned(
  tx: DbOrTx,
  userId: number,
  id: number,
): Promise<string | undefined> {
  const [row] = await tx
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ storageKey: documents.storageKey });
  return row?.storageKey;
}

export async function findAvatar(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.avatar ?? null;
}

export async function setAvatar(
  tx: DbOrTx,
  userId: number,
  avatar: string | null,
  at: Date,
): Promise<void> {
  await tx.update(users).set({ avatar, updatedAt: at }).where(eq(users.id, userId));
}

/** The documents of these kinds of these users, each user's oldest first (for document bundles). */
export async function listOfUsers(
  db: DbOrTx,
  userIds: readonly number[],
  kinds: readonly DocumentKind[],
): Promise<DocumentRow[]> {
  if (userIds.length === 0 || kinds.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.userId, [...userIds]), inArray(documents.kind, [...kinds])))
    .orderBy(asc(documents.userId), asc(documents.createdAt), asc(documents.id));
}
