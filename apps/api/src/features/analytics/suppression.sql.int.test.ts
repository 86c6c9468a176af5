import { reportCount, shownCount } from '@pathways/shared/analytics/suppression';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { shownCountSql, suppressedCountSql } from './suppression.sql.ts';

// The small-cell rule lives twice: in SQL for every count analytics computes, and in the shared
// reportCount for the browser and the rules. Both must say the same for every size; so must the
// perturbed count shown (shownCountSql and the shared shownCount) for every size and cell key.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the small-cell rule in SQL', () => {
  it('agrees with the shared reportCount from 0 to 100', async () => {
    const result = (await database.db.execute(sql`
      select n, ${suppressedCountSql(sql`n`)} as reported
      from generate_series(0, 100) as n order by n`)) as unknown as {
      rows: { n: number; reported: number | null }[];
    };
    expect(result.rows).toHaveLength(101);
    for (const row of result.rows) {
      expect({ n: row.n, reported: row.reported }).toEqual({
        n: row.n,
        reported: reportCount(row.n),
      });
    }
  });

  it('agrees on a count(*) of 4 and of 5', async () => {
    const result = (await database.db.execute(sql`
      select ${suppressedCountSql(sql`count(*) filter (where g < 4)`)} as four,
             ${suppressedCountSql(sql`count(*) filter (where g < 5)`)} as five
      from generate_series(0, 9) as g`)) as unknown as {
      rows: { four: number | null; five: number | null }[];
    };
    expect(result.rows[0]).toEqual({ four: reportCount(4), five: reportCount(5) });
    expect(result.rows[0]).toEqual({ four: null, five: 5 });
  });
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
