import { isHiddenEligibility } from '@pathways/shared/eligibility/client-eligibilities.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { isHiddenEligibilitySql } from './eligibility.sql.ts';

// Which eligibility rows a client sees is decided in SQL for the lists, and by the shared
// isHiddenEligibility() for single rows and invitations. Every combination of referral, profile
// completion (no profile row at all included) and eligibility must give the same answer.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const referred = [null, new Date('2026-11-20T08:00:00.000Z')];
// null: the candidate has no profile row.
const completions = [null, 0, 50, 99, 100];
const eligibles = [null, false, true];
const cases = referred.flatMap((referredAt) =>
  completions.flatMap((completion) =>
    eligibles.map((eligible) => ({ referredAt, completion, eligible })),
  ),
);

describe('the hidden-rows rule in SQL', () => {
  it('agrees with the shared isHiddenEligibility() on every combination', async () => {
    const rows = sql.join(
      cases.map(
        (c, i) =>
          sql`(${i}::int, ${c.referredAt?.toISOString() ?? null}::timestamptz, ${c.eligible}::boolean)`,
      ),
      sql`, `,
    );
    const profiles = sql.join(
      cases.flatMap((c, i) =>
        c.completion === null ? [] : [sql`(${i}::int, ${c.completion}::int)`],
      ),
      sql`, `,
    );
    // The same column names the repository's query reads, from rows made up for each case.
    const result = (await database.db.execute(sql`
      select eligibilities.i, ${isHiddenEligibilitySql} as hidden
      from (values ${rows}) as eligibilities(i, referred_at, eligible)
      left join (values ${profiles}) as candidate_profiles(user_id, completion)
        on candidate_profiles.user_id = eligibilities.i
      order by eligibilities.i`)) as unknown as { rows: { i: number; hidden: boolean }[] };
    expect(result.rows).toHaveLength(cases.length);
    const disagreements = result.rows
      .map((row) => {
        const c = cases[row.i]!;
        return {
          ...c,
          sql: row.hidden,
          shared: isHiddenEligibility({ ...c, completion: c.completion ?? 0 }),
        };
      })
      .filter((c) => c.sql !== c.shared);
    expect(disagreements).toEqual([]);
    // Both answers occur, so the comparison says something.
    expect(new Set(result.rows.map((r) => r.hidden))).toEqual(new Set([true, false]));
  });
});
