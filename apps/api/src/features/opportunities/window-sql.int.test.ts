import { isClosed, isOpen } from '@pathways/shared/opportunities/windows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { isOpenSql } from './opportunities.sql.ts';
import { notClosedSql, rowsOf } from './search.repository.ts';

// The search's "open now" filter and its leaving out of closed ones run in SQL; the opportunity
// page, the card and applying use the shared isOpen() and isClosed(). Every combination of opening
// and closing moment (unset, before, exactly at and after the moment asked about) must get the
// same answer from both.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const now = new Date('2026-11-22T10:00:00.000Z');
const moments: Record<string, Date | null> = {
  unset: null,
  'a day before': new Date(now.getTime() - 86_400_000),
  'a millisecond before': new Date(now.getTime() - 1),
  'exactly now': now,
  'a millisecond after': new Date(now.getTime() + 1),
  'a day after': new Date(now.getTime() + 86_400_000),
};
const cases = Object.entries(moments).flatMap(([opens, opensAt]) =>
  Object.entries(moments).map(([closes, closesAt]) => ({ opens, closes, opensAt, closesAt })),
);

describe('the open-window rules in SQL', () => {
  it('agree with the shared isOpen() and isClosed() on every combination of opening and closing', async () => {
    const values = sql.join(
      cases.map(
        (c, i) =>
          sql`(${i}::int, ${c.opensAt?.toISOString() ?? null}::timestamptz, ${c.closesAt?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await rowsOf<{ i: number; open: boolean; listed: boolean }>(
      database.db,
      sql`select o.i, ${isOpenSql(at)} as open, ${notClosedSql(at)} as listed
        from (values ${values}) as o(i, opens_at, closes_at) order by o.i`,
    );
    expect(rows).toHaveLength(cases.length);
    const disagreements = rows
      .flatMap((row) => {
        const c = cases[row.i]!;
        return [
          { ...c, rule: 'open', sql: row.open, shared: isOpen(c, now) },
          { ...c, rule: 'not closed', sql: row.listed, shared: !isClosed(c, now) },
        ];
      })
      .filter((c) => c.sql !== c.shared)
      .map(
        (c) => `${c.rule}, opens ${c.opens}, closes ${c.closes}: SQL ${c.sql}, shared ${c.shared}`,
      );
    expect(disagreements).toEqual([]);
  });

  it('is closed when it opens exactly now or closes exactly now, and open without a closing', () => {
    // The boundaries themselves, stated once more for a reader of the rule.
    expect(isOpen({ opensAt: now, closesAt: null }, now)).toBe(false);
    expect(isOpen({ opensAt: moments['a day before'], closesAt: now }, now)).toBe(false);
    expect(isOpen({ opensAt: moments['a day before'], closesAt: null }, now)).toBe(true);
    expect(isOpen({ opensAt: null, closesAt: moments['a day after'] }, now)).toBe(false);
  });
});
