import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { hitCounter, readCounter } from './limits.repository.ts';
import { liveCounter, nextCounter, type Counter } from './limits.rule.ts';

// The window rule lives twice: as a pure function and as the one statement that counts a hit in
// the database. Any sequence of hits must leave both with the same counter.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const t0 = Date.UTC(2026, 10, 29, 8, 0, 0);
let run = 0;

it('counts every sequence of hits as the pure window rule does', async () => {
  await fc.assert(
    fc.asyncProperty(
      // Gaps between hits around a window of 1-3 s, a whole window among them, so a hit falls
      // exactly on a window's end as well as before and after it.
      fc
        .integer({ min: 1000, max: 3000 })
        .chain((windowMs) =>
          fc.tuple(
            fc.constant(windowMs),
            fc.array(
              fc.oneof(
                fc.integer({ min: 0, max: 2 * windowMs }),
                fc.constantFrom(0, 1, windowMs - 1, windowMs, windowMs + 1),
              ),
              { minLength: 1, maxLength: 25 },
            ),
          ),
        ),
      async ([windowMs, gaps]) => {
        run += 1;
        const key = `property:${run}`;
        let expected: Counter | undefined;
        let now = t0;
        for (const gap of gaps) {
          now += gap;
          const at = new Date(now);
          expected = nextCounter(expected, at, windowMs);
          const counted = await hitCounter(database.db, key, windowMs, at);
          expect(counted).toEqual(expected);
        }
        const after = new Date(now + 1);
        expect(await readCounter(database.db, key, after)).toEqual(liveCounter(expected, after));
      },
    ),
    { numRuns: 40 },
  );
});
