import { overlaps, type Span } from '@pathways/shared/interviews/interviews.rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';

// The pure overlap rule (`overlaps`, used to refuse a set of times before it is stored) and the
// database's exclusion constraint (what is stored) are one rule: the constraint compares
// `tstzrange(starts_at, ends_at)` with `&&`, and over many generated pairs of spans, back to
// back and identical ones included, `overlaps` answers as PostgreSQL does.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const BASE = Date.UTC(2026, 11, 10, 8, 0);
/** Spans on a 15-minute grid over a day, so that shared ends and starts come up often. */
const span = fc
  .tuple(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 1, max: 32 }))
  .map(([start, length]): Span => ({
    startsAt: new Date(BASE + start * 15 * 60_000),
    endsAt: new Date(BASE + (start + length) * 15 * 60_000),
  }));

describe('the overlap rule and the exclusion constraint', () => {
  it('is the constraint the database holds: the interviewer’s address with = and the range with &&', async () => {
    const [row] = rowsOf<{ def: string }>(
      await database.db.execute(
        sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'interview_interviewers_no_overlap'`,
      ),
    );
    expect(row?.def).toMatch(
      /EXCLUDE USING gist \(email WITH =, tstzrange\(starts_at, ends_at\) WITH &&\)/,
    );
  });

  it('answers as tstzrange && for many generated pairs, back to back allowed', async () => {
    const pairs = fc.sample(fc.tuple(span, span), { numRuns: 2000, seed: 20261210 });
    // The edge cases by name, whatever the sample holds.
    const at = (m: number) => new Date(BASE + m * 60_000);
    pairs.push(
      [
        { startsAt: at(0), endsAt: at(60) },
        { startsAt: at(60), endsAt: at(120) },
      ],
      [
        { startsAt: at(60), endsAt: at(120) },
        { startsAt: at(0), endsAt: at(60) },
      ],
      [
        { startsAt: at(0), endsAt: at(60) },
        { startsAt: at(0), endsAt: at(60) },
      ],
      [
        { startsAt: at(0), endsAt: at(120) },
        { startsAt: at(30), endsAt: at(45) },
      ],
      [
        { startsAt: at(0), endsAt: at(60) },
        { startsAt: at(59), endsAt: at(75) },
      ],
    );
    const list = (pick: (p: [Span, Span]) => Date) =>
      `{${pairs.map((p) => pick(p).toISOString()).join(',')}}`;
    const rows = rowsOf<{ i: number; overlap: boolean }>(
      await database.db.execute(sql`
        select i::int, tstzrange(a1, b1) && tstzrange(a2, b2) as overlap
        from unnest(${list((p) => p[0].startsAt)}::timestamptz[], ${list((p) => p[0].endsAt)}::timestamptz[],
                    ${list((p) => p[1].startsAt)}::timestamptz[], ${list((p) => p[1].endsAt)}::timestamptz[])
             with ordinality as t(a1, b1, a2, b2, i)
        order by i`),
    );
    expect(rows).toHaveLength(pairs.length);
    const disagreements = rows.filter((r) => overlaps(...pairs[r.i - 1]!) !== r.overlap);
    expect(disagreements).toEqual([]);
    // Both answers came up, many times.
    expect(rows.filter((r) => r.overlap).length).toBeGreaterThan(100);
    expect(rows.filter((r) => !r.overlap).length).toBeGreaterThan(100);
  });
});
