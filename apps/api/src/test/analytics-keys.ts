import { sql } from 'drizzle-orm';

import { analyticsKeySql } from '../db/analytics-key.ts';
import type { DbOrTx } from '../db/client.ts';

/**
 * Sets the installation's analytics seed, so that a test's counts are moved by the same amounts
 * on every run. Only before any candidate has applied: the kept key sums follow the seed.
 */
export async function fixAnalyticsSeed(db: DbOrTx, seed = 20_261_127): Promise<void> {
  await db.execute(sql`update analytics_settings set key_seed = ${seed}`);
}

/** The analytics key of each candidate given, by user id, as the database works it out. */
export async function analyticsKeysOf(
  db: DbOrTx,
  candidates: readonly number[],
): Promise<Map<number, number>> {
  const result = (await db.execute(sql`
    select c.id, ${analyticsKeySql(sql`c.id`)} as key
    from unnest(${`{${candidates.join(',')}}`}::int[]) c(id)`)) as unknown as {
    rows: { id: number; key: number }[];
  };
  return new Map(result.rows.map((r) => [Number(r.id), Number(r.key)]));
}
