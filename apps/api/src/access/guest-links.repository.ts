// The rows of guest links: who may open one thing without an account.
import { and, eq, gt, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../db/client.ts';
import { guestLinks } from '../db/schema/index.ts';

export async function insertLink(
  db: DbOrTx,
  values: {
    tokenHash: string;
    purpose: string;
    subjectId: number;
    email: string;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db.insert(guestLinks).values({ ...values, createdAt: values.at });
}

/** The live link of this token hash and purpose, marked as used at `at`. */
export async function useLink(db: DbOrTx, tokenHash: string, purpose: string, at: Date) {
  const [row] = await db
    .update(guestLinks)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(guestLinks.tokenHash, tokenHash),
        eq(guestLinks.purpose, purpose),
        isNull(guestLinks.revokedAt),
        gt(guestLinks.expiresAt, at),
      ),
    )
    .returning({ subjectId: guestLinks.subjectId, email: guestLinks.email });
  return row;
}

export async function revokeLinks(
  db: DbOrTx,
  purpose: string,
  subjectIds: readonly number[],
  at: Date,
): Promise<void> {
  for (const subjectId of subjectIds) {
    await db
      .update(guestLinks)
      .set({ revokedAt: at })
      .where(
        and(
          eq(guestLinks.purpose, purpose),
          eq(guestLinks.subjectId, subjectId),
          isNull(guestLinks.revokedAt),
        ),
      );
  }
}
