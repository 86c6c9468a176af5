import { and, count, desc, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** What an inserter says: who, what kind, the words, and optionally a picture, a link and a time. */
export interface NewNotification {
  userId: number;
  type: string;
  description: string;
  image?: string | null;
  path?: string | null;
  /** Set for notices told once per opportunity: a second one for the same is not written. */
  opportunityId?: number | null;
  at?: Date;
}

/** Rows per INSERT: a bulk action of thousands stays far below PostgreSQL's 65535 parameters. */
const INSERT_CHUNK = 1000;

export async function insertNotifications(db: DbOrTx, rows: readonly NewNotification[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insert(notifications)
      .values(
        rows.slice(i, i + INSERT_CHUNK).map((r) => ({
          userId: r.userId,
          type: r.type,
          description: r.description,
          image: r.image ?? null,
          path: r.path ?? null,
          opportunityId: r.opportunityId ?? null,
          ...(r.at ? { notifiedAt: r.at, createdAt: r.at } : {}),
        })),
      )
      .onConflictDoNothing();
  }
}

const active = (userId: number) =>
  and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/** The user's notifications not dismissed, newest first, one page of them, and how many in all. */
export async function listActive(db: DbOrTx, userId: number, page: number, per: number) {
  const items = await db
    .select()
    .from(notifications)
    .where(active(userId))
    .orderBy(desc(notifications.notifiedAt), desc(notifications.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await db.select({ n: count() }).from(notifications).where(active(userId));
  return { items, total: total?.n ?? 0 };
}

/** The user's own notification (another user's is never found). */
export async function findOwn(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

export async function markDismissed(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ dismissedAt: at })
    .where(and(eq(notifications.id, id), isNull(notifications.dismissedAt)))
    .returning();
  return row;
}
