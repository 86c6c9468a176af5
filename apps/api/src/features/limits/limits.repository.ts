import { and, eq, gt, lte, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import type { Counter } from './limits.rule.ts';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one hit on `key` at `now` in a single statement (the rule of `nextCounter`): a new key,
 * or one whose window has ended, starts a window of `windowMs` at 1; a live one counts up.
 * Concurrent hits from any process are serialized by the row, so none is lost.
 */
export async function hitCounter(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<Counter> {
  const resetsAt = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimits.resetsAt} <= ${at(now)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        resetsAt: sql`case when ${ended} then ${at(resetsAt)} else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetsAt: rateLimits.resetsAt });
  return row!;
}

/** The live counter of `key` at `now`, without counting a hit. */
export async function readCounter(
  db: DbOrTx,
  key: string,
  now: Date,
): Promise<Counter | undefined> {
  const [row] = await db
    .select({ count: rateLimits.count, resetsAt: rateLimits.resetsAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, now)));
  return row;
}

/** Deletes the counters whose window ended by `now`; answers how many. */
export async function sweepCounters(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetsAt, now))
    .returning({ key: rateLimits.key });
  return gone.length;
}
