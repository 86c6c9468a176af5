import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { campaigns, clientUsers, sessions, users, userTokens } from '../../db/schema/index.ts';
import { publishSessionsChanged } from '../live/index.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UserTokenRow = typeof userTokens.$inferSelect;
export type TokenPurpose = UserTokenRow['purpose'];

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/** Sets the names on the account; a name left undefined stays as it is. */
export async function setUserNames(
  db: DbOrTx,
  id: number,
  names: { firstName?: string | null; lastName?: string | null },
): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(names).filter(([, value]) => value !== undefined),
  ) as { firstName?: string | null; lastName?: string | null };
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertSession(
  db: DbOrTx,
  values: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The session with its user, if it is neither revoked nor past its absolute end. */
export async function findLiveSession(
  db: DbOrTx,
  sessionId: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Of the given sessions, those still live: neither revoked nor past their absolute end, of a
 * user who is not blocked (the same rule as one session's check, for many in one query).
 */
export async function findLiveSessionIds(
  db: DbOrTx,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.isBlocked, false),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await publishSessionsChanged(db, userId);
}

export async function revokeOtherSessions(
  db: DbOrTx,
  userId: number,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)),
    );
  await publishSessionsChanged(db, userId);
}

export async function insertUserToken(
  db: DbOrTx,
  values: typeof userTokens.$inferInsert,
): Promise<UserTokenRow> {
  const [row] = await db.insert(userTokens).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUserTokenByHash(
  db: DbOrTx,
  purpose: TokenPurpose,
  tokenHash: string,
): Promise<{ token: UserTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: userTokens, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/**
 * Marks one token used if it still is unused; false when another request used it (or a newer
 * link replaced it) first, so a link does its work once however many follow it at the same time.
 */
export async function claimUserToken(db: DbOrTx, tokenId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return claimed.length > 0;
}

/** Marks every unused token of this purpose used, so only the newest link (or none) works. */
export async function useUpUserTokens(
  db: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

/** The organization a client user belongs to. */
export async function findClientOrganizationId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ organizationId: clientUsers.organizationId })
    .from(clientUsers)
    .where(eq(clientUsers.userId, userId))
    .limit(1);
  return row?.organizationId ?? null;
}

/** Whether a client user has been deactivated by a primary user of their organization. */
export async function isDeactivatedClient(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ deactivatedAt: clientUsers.deactivatedAt })
    .from(clientUsers)
    .where(eq(clientUsers.userId, userId))
    .limit(1);
  return row?.deactivatedAt != null;
}

/** Whether a campaign exists, so a stale sign-up link records no campaign instead of failing. */
export async function campaignExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .limit(1);
  return row !== undefined;
}
