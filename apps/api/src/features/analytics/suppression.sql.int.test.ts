import { reportCount, shownCount } from '@pathways/shared/analytics/suppression';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { shownCountSql } from './suppression.sql.ts';

// The count analytics shows lives twice: in SQL for every count analytics computes
// (shownCountSql), and in the shared shownCount for the rules. Both must say the same for every
// size and cell key, the small-cell rule (reportCount) included.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the perturbed count in SQL', () => {
  it('agrees with the shared shownCount for every cell key, sizes 0 to 300', async () => {
    const result = (await database.db.execute(sql`
      select n, k, ${shownCountSql(sql`n`, sql`k`)} as shown
      from generate_series(0, 300) as n, generate_series(-300, 600, 3) as k`)) as unknown as {
      rows: { n: number; k: number; shown: number | null }[];
    };
    expect(result.rows).toHaveLength(301 * 301);
    const differ = result.rows.filter((r) => r.shown !== shownCount(r.n, r.k));
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('hides a count(*) of 4 and shows one of 5 as 5 or more, as reportCount does', async () => {
    const result = (await database.db.execute(sql`
      select ${shownCountSql(sql`count(*) filter (where g < 4)`, sql`sum(g) filter (where g < 4)`)} as four,
             ${shownCountSql(sql`count(*) filter (where g < 5)`, sql`sum(g) filter (where g < 5)`)} as five
      from generate_series(0, 9) as g`)) as unknown as {
      rows: { four: number | null; five: number | null }[];
    };
    expect(result.rows[0]!.four).toBe(reportCount(4));
    expect(result.rows[0]!.four).toBeNull();
    expect(result.rows[0]!.five).toBe(shownCount(5, 0 + 1 + 2 + 3 + 4));
    expect(result.rows[0]!.five).toBeGreaterThanOrEqual(5);
  });

  it('agrees on the sums of aggregates', async () => {
    const result = (await database.db.execute(sql`
      select ${shownCountSql(sql`count(*)`, sql`sum(g * 37)`)} as shown, count(*)::int as n,
             sum(g * 37)::int as keys
      from generate_series(1, 57) as g`)) as unknown as {
      rows: { shown: number; n: number; keys: number }[];
    };
    const row = result.rows[0]!;
    expect(row.shown).toBe(shownCount(row.n, row.keys));
  });
});
