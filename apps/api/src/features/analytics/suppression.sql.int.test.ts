import { reportCount } from '@pathways/shared/analytics/suppression';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { suppressedCountSql } from './suppression.sql.ts';

// The small-cell rule lives twice: in SQL for every count analytics computes, and in the shared
// reportCount for the browser and the rules. Both must say the same for every size.

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
