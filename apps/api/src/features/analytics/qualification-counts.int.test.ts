import { shownCount } from '@pathways/shared/analytics/suppression';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createUser } from '../../test/build-app.ts';
import { analyticsKeysOf } from '../../test/analytics-keys.ts';
import { createTestDatabase } from '../../test/db.ts';
import { reading, type AnalyticsScope } from './analytics.builder.ts';
import { breakdowns } from './breakdowns.repository.ts';

// What applicants studied counts people, not qualifications: a person is counted once under each
// institution (and type) among their qualifications however many they hold there, and someone
// with no qualification, or no profile at all, under "No qualification stated". Each count is
// shown moved by its cell key, worked out here from the candidates' analytics keys.

/** Candidate g's analytics key, by their number. */
const keyOf = new Map<number, number>();
/** The count shown for the candidates numbered first to last. */
const shown = (first: number, last: number) => {
  const numbers = Array.from({ length: last - first + 1 }, (_, k) => first + k);
  return shownCount(
    numbers.length,
    numbers.reduce((sum, g) => sum + keyOf.get(g)!, 0),
  );
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let scope: AnalyticsScope;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const client = await createUser(database, { role: 'client', primary: true });
  scope = { organizationId: client.organizationId!, userId: client.id, primary: true };
  await db.execute(sql`
    insert into opportunities (organization_id, name, kind, published_at)
    select ${scope.organizationId}, 'Opportunity ' || g, 'job', now() from generate_series(1, 2) g`);
  await db.execute(sql`
    insert into institutions (name, kind) values ('Institution A', 'university'), ('Institution B', 'university')`);
  await db.execute(sql`insert into qualification_types (name) values ('Type 1')`);
  // Candidates 1 to 20; 1-15 have a profile, 16-20 none.
  await db.execute(sql`
    insert into users (email, role, confirmed_at)
    select 'studied-' || g || '@example.test', 'candidate', now() from generate_series(1, 20) g`);
  // The candidate's number, for these candidates only (other users' addresses are not numbered).
  const number = sql`(case when u.email like 'studied-%' then split_part(split_part(u.email, '@', 1), '-', 2)::int end)`;
  const numbered = (await db.execute(
    sql`select u.id, ${number} as g from users u where ${number} is not null`,
  )) as unknown as { rows: { id: number; g: number }[] };
  const keys = await analyticsKeysOf(
    db,
    numbered.rows.map((r) => r.id),
  );
  for (const r of numbered.rows) keyOf.set(Number(r.g), keys.get(Number(r.id))!);
  await db.execute(sql`
    insert into candidate_profiles (user_id) select u.id from users u where ${number} <= 15`);
  // 1-5: two qualifications at A of type 1; 6-10: one at A of type 1 and one at B of no type;
  // 11-15: none.
  await db.execute(sql`
    insert into profile_qualifications (profile_id, institution_id, qualification_type_id)
    select p.id, (select id from institutions where name = 'Institution A'),
           (select id from qualification_types where name = 'Type 1')
    from candidate_profiles p join users u on u.id = p.user_id, generate_series(1, 2) twice
    where ${number} <= 5`);
  await db.execute(sql`
    insert into profile_qualifications (profile_id, institution_id, qualification_type_id)
    select p.id, i.id, case when i.name = 'Institution A' then (select id from qualification_types where name = 'Type 1') end
    from candidate_profiles p join users u on u.id = p.user_id, institutions i
    where ${number} between 6 and 10`);
  // Everyone applies to the first opportunity, 1-5 to the second too: people, not applications.
  await db.execute(sql`
    insert into applications (candidate_id, opportunity_id)
    select u.id, o.id from users u, opportunities o
    where u.email like 'studied-%' and o.organization_id = ${scope.organizationId}
      and (o.name = 'Opportunity 1' or ${number} <= 5)`);
});
afterAll(async () => {
  await database?.drop();
});

async function studied(dimension: 'institution' | 'qualificationType') {
  const rows = await reading(database.db, (tx) =>
    breakdowns(tx, 'applicants', scope, [], [dimension], true),
  );
  return Object.fromEntries(
    rows.map((r) => [r.dimension === 'total' ? 'total' : r.label, r.count]),
  );
}

describe('what applicants studied', () => {
  it('counts each person once per institution, and those without a qualification or profile', async () => {
    expect(await studied('institution')).toEqual({
      'Institution A': shown(1, 10),
      'Institution B': shown(6, 10),
      'No qualification stated': shown(11, 20),
      total: 20,
    });
  });

  it('counts each person once per type, a qualification without one as another type', async () => {
    expect(await studied('qualificationType')).toEqual({
      'Type 1': shown(1, 10),
      'Another type': shown(6, 10),
      'No qualification stated': shown(11, 20),
      total: 20,
    });
  });
});
