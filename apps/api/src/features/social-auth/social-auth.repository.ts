import type { SocialProvider } from '@pathways/shared/social-auth/social-auth.schemas';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { socialIdentities, socialSignIns } from '../../db/schema/index.ts';

export type SocialIdentityRow = typeof socialIdentities.$inferSelect;
export type SocialSignInRow = typeof socialSignIns.$inferSelect;

export async function insertSignIn(
  db: DbOrTx,
  values: typeof socialSignIns.$inferInsert,
): Promise<void> {
  await db.insert(socialSignIns).values(values);
}

/**
 * Marks the round trip with this state finished and returns it, once: a second callback with
 * the same state (a replayed code) finds nothing.
 */
export async function finishSignIn(
  db: DbOrTx,
  provider: SocialProvider,
  state: string,
  browserKeyHash: string,
  now: Date,
): Promise<SocialSignInRow | undefined> {
  const [row] = await db
    .update(socialSignIns)
    .set({ finishedAt: now })
    .where(
      and(
        eq(socialSignIns.provider, provider),
        eq(socialSignIns.state, state),
        eq(socialSignIns.browserKeyHash, browserKeyHash),
        isNull(socialSignIns.finishedAt),
        gt(socialSignIns.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function recordOutcome(
  db: DbOrTx,
  id: number,
  values: { outcome: string; userId: number; handoffCodeHash: string },
): Promise<void> {
  await db.update(socialSignIns).set(values).where(eq(socialSignIns.id, id));
}

/** Uses up the one-time code of a finished round trip, in the browser that started it, once. */
export async function useHandoff(
  db: DbOrTx,
  provider: SocialProvider,
  codeHash: string,
  browserKeyHash: string,
  now: Date,
): Promise<SocialSignInRow | undefined> {
  const [row] = await db
    .update(socialSignIns)
    .set({ handoffUsedAt: now })
    .where(
      and(
        eq(socialSignIns.provider, provider),
        eq(socialSignIns.handoffCodeHash, codeHash),
        eq(socialSignIns.browserKeyHash, browserKeyHash),
        isNull(socialSignIns.handoffUsedAt),
        gt(socialSignIns.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function deleteExpiredSignIns(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(socialSignIns).where(lt(socialSignIns.expiresAt, now));
}

export async function findIdentity(
  db: DbOrTx,
  provider: SocialProvider,
  subject: string,
): Promise<SocialIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** The user's linked providers; `lock` holds them until the transaction ends. */
export async function identitiesOf(
  db: DbOrTx,
  userId: number,
  lock = false,
): Promise<SocialIdentityRow[]> {
  const query = db
    .select()
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId))
    .orderBy(asc(socialIdentities.createdAt), asc(socialIdentities.id));
  return lock ? query.for('update') : query;
}

export async function insertIdentity(
  db: DbOrTx,
  values: typeof socialIdentities.$inferInsert,
): Promise<void> {
  await db.insert(socialIdentities).values(values);
}

export async function deleteIdentity(
  db: DbOrTx,
  userId: number,
  provider: SocialProvider,
): Promise<void> {
  await db
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)));
}
