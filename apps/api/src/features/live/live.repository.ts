import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { liveProcesses, liveSockets } from '../../db/schema/index.ts';

// The open live sockets of every API process. Times are the database's own clock, the one
// clock all processes share.

/** A process not seen for this long has stopped: its sockets no longer count. */
const staleAfter = (staleMs: number) => sql`now() - make_interval(secs => ${staleMs / 1000})`;

/**
 * Marks the process seen, creating its row if it has none (at start, or after another process
 * took it for stopped and removed it). Answers whether the row had to be created.
 */
export async function markProcessSeen(db: Db, processId: string): Promise<boolean> {
  const updated = await db
    .update(liveProcesses)
    .set({ seenAt: sql`now()` })
    .where(eq(liveProcesses.id, processId))
    .returning({ id: liveProcesses.id });
  if (updated.length > 0) return false;
  await db
    .insert(liveProcesses)
    .values({ id: processId, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: liveProcesses.id, set: { seenAt: sql`now()` } });
  return true;
}

/** Removes the processes not seen for `staleMs`, and with them their sockets. */
export async function removeStaleProcesses(db: Db, staleMs: number): Promise<void> {
  await db.delete(liveProcesses).where(lt(liveProcesses.seenAt, staleAfter(staleMs)));
}

export async function removeProcess(db: Db, processId: string): Promise<void> {
  await db.delete(liveProcesses).where(eq(liveProcesses.id, processId));
}

export async function insertSockets(
  db: Db,
  rows: { id: string; processId: string; address: string; userId: number | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(liveSockets).values(rows).onConflictDoNothing();
}

export async function setSocketUser(db: Db, socketId: string, userId: number): Promise<void> {
  await db.update(liveSockets).set({ userId }).where(eq(liveSockets.id, socketId));
}

export async function removeSockets(db: Db, socketIds: readonly string[]): Promise<void> {
  if (socketIds.length > 0) {
    await db.delete(liveSockets).where(inArray(liveSockets.id, [...socketIds]));
  }
}

/** The open sockets of processes seen within `staleMs`, of an address or of a user. */
export async function countSockets(
  db: Db,
  of: { address: string } | { userId: number },
  staleMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(liveSockets)
    .innerJoin(liveProcesses, eq(liveProcesses.id, liveSockets.processId))
    .where(
      and(
        'address' in of ? eq(liveSockets.address, of.address) : eq(liveSockets.userId, of.userId),
        gt(liveProcesses.seenAt, staleAfter(staleMs)),
      ),
    );
  return row?.n ?? 0;
}
