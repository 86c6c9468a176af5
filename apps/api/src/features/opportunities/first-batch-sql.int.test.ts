import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { firstBatch, firstBatchSql, rowsOf } from './search.repository.ts';

// A search near a point reads its counts and the first batch of its distance walk in one
// statement, so the size of that batch is worked out in SQL there and in TypeScript when a walk
// goes on. Both must give the same size, and no walk below the least count for one.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const pagings = [
  { limit: 25, offset: 0 },
  { limit: 10, offset: 0 },
  { limit: 25, offset: 475 },
  { limit: 1, offset: 7 },
];
const counts = [
  { total: 0, published: 0 },
  { total: 0, published: 9520 },
  { total: 1, published: 9520 },
  { total: 7, published: 9520 },
  { total: 1999, published: 9520 },
  { total: 2000, published: 9520 },
  { total: 3127, published: 9520 },
  { total: 9000, published: 9520 },
  { total: 9520, published: 9520 },
  { total: 123_457, published: 1_000_003 },
];

describe('the first batch of a distance walk in SQL', () => {
  it('agrees with firstBatch(), and is 0 below the least count for a walk', async () => {
    for (const walkMinMatches of [0, 2000, 2_147_483_647]) {
      for (const paging of pagings) {
        const values = sql.join(
          counts.map((c, i) => sql`(${i}::int, ${c.total}::int, ${c.published}::int)`),
          sql`, `,
        );
        const rows = await rowsOf<{ i: number; batch: number }>(
          database.db,
          sql`select i, ${firstBatchSql(paging, walkMinMatches)} as batch
            from (values ${values}) as c(i, total, published) order by i`,
        );
        expect(rows.map((r) => Number(r.batch))).toEqual(
          counts.map((c) => (c.total >= walkMinMatches ? firstBatch(paging, c) : 0)),
        );
      }
    }
  });
});
