import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { analyticsKeySql } from '../../db/analytics-key.ts';
import { meet as meetOn } from '../../test/concurrency.ts';
import { createTestDatabase } from '../../test/db.ts';

// The overview of a whole organization reads its applicants' groups (gender, ethnicity,
// disability, the home's point on the 5 km grid, institutions, qualification types) from counts
// the database keeps per organization (`organization_person_counts`). These tests hold the
// counts equal to their definition, worked out here from the applications and the profiles,
// after every kind of write that can move them, and when two writers for one candidate meet.

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const run = (query: SQL) => database.db.execute(query);

async function one(query: SQL): Promise<number> {
  const [row] = await rows<{ id: number }>(query);
  return row!.id;
}

/**
 * The counts as kept, as "organization dimension key: people", for the organizations given;
 * `withKeys`: the sum of the group's analytics keys in place of its people.
 */
async function kept(organizations: number[], withKeys = false): Promise<string[]> {
  return (
    await rows<{ line: string }>(sql`
      select organization_id || ' ' || dimension || ' ' || key || ': ' ||
             ${withKeys ? sql`key_sum` : sql`people`} as line
      from organization_person_counts
      where organization_id = any(${`{${organizations.join(',')}}`}::int[])
      order by 1`)
  ).map((r) => r.line);
}

/**
 * The counts by their definition: each organization's applicants (a candidate with at least one
 * application to one of its opportunities) counted once per group of each dimension: their
 * gender, ethnicity and disability ("not_stated" when not given or without a profile), the
 * home's grid point (`none` without one), and each distinct institution and qualification type
 * among their qualifications (`-1` for a qualification without one, `0` for none at all).
 * `withKeys`: the sum of the group's analytics keys in place of its people.
 */
async function defined(organizations: number[], withKeys = false): Promise<string[]> {
  return (
    await rows<{ line: string; keys: string }>(sql`
      with applicants as (
        select distinct o.organization_id, a.candidate_id
        from applications a join opportunities o on o.id = a.opportunity_id
        where o.organization_id = any(${`{${organizations.join(',')}}`}::int[])
      ),
      groups as (
        select ap.organization_id, ap.candidate_id, 'gender' as dimension,
               coalesce(p.gender::text, 'not_stated') as key
        from applicants ap left join candidate_profiles p on p.user_id = ap.candidate_id
        union all
        select ap.organization_id, ap.candidate_id, 'ethnicity', coalesce(p.ethnicity::text, 'not_stated')
        from applicants ap left join candidate_profiles p on p.user_id = ap.candidate_id
        union all
        select ap.organization_id, ap.candidate_id, 'disability',
               case when p.disability then 'yes' when not p.disability then 'no' else 'not_stated' end
        from applicants ap left join candidate_profiles p on p.user_id = ap.candidate_id
        union all
        select ap.organization_id, ap.candidate_id, 'grid',
               coalesce((round(p.latitude::numeric * 20) / 20)::text || ',' ||
                        (round(p.longitude::numeric * 20) / 20)::text, 'none')
        from applicants ap left join candidate_profiles p on p.user_id = ap.candidate_id
        union all
        select distinct ap.organization_id, ap.candidate_id, d.dimension,
               case when q.id is null then '0'
                    when d.dimension = 'institution' then coalesce(q.institution_id, -1)::text
                    else coalesce(q.qualification_type_id, -1)::text end
        from applicants ap
        cross join (values ('institution'), ('qualificationType')) d(dimension)
        left join candidate_profiles p on p.user_id = ap.candidate_id
        left join profile_qualifications q on q.profile_id = p.id
      )
      select organization_id || ' ' || dimension || ' ' || key || ': ' || count(*) as line,
             organization_id || ' ' || dimension || ' ' || key || ': ' ||
               sum(${analyticsKeySql(sql`candidate_id`)}) as keys
      from groups
      group by organization_id, dimension, key
      order by 1`)
  ).map((r) => (withKeys ? r.keys : r.line));
}

// The tests are steps in order on the same two organizations and the same five candidates:
// each step writes on top of what the steps before it left (applications, profiles,
// qualifications, an organization deleted), and the counts it expects include those writes.
describe('the counts of the person kept per organization', { shuffle: false }, () => {
  let c: number;
  let d: number;
  let c1: number;
  let c2: number;
  let d1: number;
  let institutionA: number;
  let institutionB: number;
  let typeT: number;
  const people: Record<string, number> = {};

  const profileOf = (name: string) =>
    sql`(select id from candidate_profiles where user_id = ${people[name]!})`;

  /** The counts of C and D equal their definition, and hold the lines given. */
  async function expectCounts(lines: string[] = []) {
    const list = await kept([c, d]);
    expect(list).toEqual(await defined([c, d]));
    // And the sums of their people's analytics keys, the counts' cell keys.
    expect(await kept([c, d], true)).toEqual(await defined([c, d], true));
    for (const line of lines) expect(list).toContain(line);
    // Only candidates on the list have keys.
    const strays = await rows<{ n: number }>(sql`
      select count(*)::int as n from candidate_person_keys k
      where not exists (select 1 from organization_applicants a where a.candidate_id = k.candidate_id)`);
    expect(strays[0]!.n).toBe(0);
  }

  beforeAll(async () => {
    c = await one(
      sql`insert into organizations (name, slug) values ('Counted C', 'counted-c') returning id`,
    );
    d = await one(
      sql`insert into organizations (name, slug) values ('Counted D', 'counted-d') returning id`,
    );
    const opportunity = (org: number, name: string) =>
      one(sql`insert into opportunities (organization_id, name, kind, published_at)
              values (${org}, ${name}, 'job', now()) returning id`);
    c1 = await opportunity(c, 'C one');
    c2 = await opportunity(c, 'C two');
    d1 = await opportunity(d, 'D one');
    institutionA = await one(
      sql`insert into institutions (name, kind) values ('Counted A', 'university') returning id`,
    );
    institutionB = await one(
      sql`insert into institutions (name, kind) values ('Counted B', 'university') returning id`,
    );
    typeT = await one(
      sql`insert into qualification_types (name) values ('Counted type') returning id`,
    );
    for (const name of ['ann', 'ben', 'cas', 'dee', 'eve']) {
      people[name] = await one(sql`
        insert into users (email, role, confirmed_at)
        values (${`${name}@counted.test`}, 'candidate', now()) returning id`);
    }
    // Ann, Ben and Cas have profiles; Dee and Eve none yet.
    await run(sql`
      insert into candidate_profiles (user_id, gender, ethnicity, disability, latitude, longitude)
      values (${people.ann!}, 'female', 'african', false, -33.92, 18.42),
             (${people.ben!}, 'male', 'white', true, -29.86, 31.03),
             (${people.cas!}, 'female', null, null, null, null)`);
    // Ann: two qualifications at A (one of type T); Ben: one at B without a type.
    await run(sql`
      insert into profile_qualifications (profile_id, institution_id, qualification_type_id)
      values (${profileOf('ann')}, ${institutionA}, ${typeT}),
             (${profileOf('ann')}, ${institutionA}, null),
             (${profileOf('ben')}, ${institutionB}, null)`);
  });

  it('counts the applicants an organization gains, in the same statement', async () => {
    await run(sql`
      insert into applications (candidate_id, opportunity_id)
      values (${people.ann!}, ${c1}), (${people.ann!}, ${c2}), (${people.ben!}, ${c1}),
             (${people.cas!}, ${c1}), (${people.dee!}, ${c1}), (${people.ann!}, ${d1})`);
    await expectCounts([
      // Ann counts once in C although she applied twice.
      `${c} gender female: 2`,
      `${c} gender male: 1`,
      `${c} gender not_stated: 1`,
      `${c} ethnicity not_stated: 2`,
      `${c} disability not_stated: 2`,
      `${c} grid none: 2`,
      // Ann once for A although she has two qualifications there; her qualification without a
      // type and Ben's count as "-1".
      `${c} institution ${institutionA}: 1`,
      `${c} qualificationType ${typeT}: 1`,
      `${c} qualificationType -1: 2`,
      `${c} institution 0: 2`,
      `${d} gender female: 1`,
    ]);
  });

  it('follows a profile changed in what the groups read, and not otherwise', async () => {
    await run(
      sql`update candidate_profiles set gender = 'male', disability = true where user_id = ${people.ann!}`,
    );
    await expectCounts([`${c} gender male: 2`, `${c} gender female: 1`, `${d} gender male: 1`]);
    // A home moved to another grid point, then taken away.
    await run(
      sql`update candidate_profiles set latitude = -26.2, longitude = 28.05 where user_id = ${people.ben!}`,
    );
    await expectCounts([`${c} grid -26.2000000000000000,28.0500000000000000: 1`]);
    await run(
      sql`update candidate_profiles set latitude = null, longitude = null where user_id = ${people.ben!}`,
    );
    await expectCounts([`${c} grid none: 3`]);
    await run(sql`update candidate_profiles set completion = 40 where user_id = ${people.cas!}`);
    await expectCounts();
  });

  it('follows qualifications added, changed and removed', async () => {
    // Cas studies at B: she leaves "no qualification" and joins B, without a type.
    await run(sql`
      insert into profile_qualifications (profile_id, institution_id)
      values (${profileOf('cas')}, ${institutionB})`);
    await expectCounts([`${c} institution ${institutionB}: 2`, `${c} institution 0: 1`]);
    await run(sql`
      update profile_qualifications set institution_id = ${institutionA}, qualification_type_id = ${typeT}
      where profile_id = ${profileOf('cas')}`);
    await expectCounts([
      `${c} institution ${institutionA}: 2`,
      `${c} qualificationType ${typeT}: 2`,
    ]);
    // One of Ann's two qualifications at A goes: she is still at A once.
    await run(sql`
      delete from profile_qualifications
      where profile_id = ${profileOf('ann')} and qualification_type_id is null`);
    await expectCounts([`${c} institution ${institutionA}: 2`]);
    // An institution removed leaves its qualifications without one.
    await run(sql`delete from institutions where id = ${institutionB}`);
    await expectCounts([`${c} institution -1: 1`]);
  });

  it('follows a profile created and removed for an applicant', async () => {
    await run(sql`
      insert into candidate_profiles (user_id, gender, ethnicity, disability)
      values (${people.dee!}, 'non_binary', 'indian', false)`);
    await expectCounts([`${c} gender non_binary: 1`, `${c} ethnicity indian: 1`]);
    await run(sql`delete from candidate_profiles where user_id = ${people.cas!}`);
    await expectCounts([`${c} institution 0: 2`, `${c} gender not_stated: 1`]);
  });

  it('follows applicants who leave, move and are deleted', async () => {
    // Ann keeps C through her second application; Ben leaves it.
    await run(
      sql`delete from applications where candidate_id = ${people.ann!} and opportunity_id = ${c1}`,
    );
    await run(sql`delete from applications where candidate_id = ${people.ben!}`);
    await expectCounts([`${c} gender male: 1`]);
    await run(sql`
      update applications set opportunity_id = ${d1}
      where candidate_id = ${people.dee!} and opportunity_id = ${c1}`);
    await expectCounts([`${d} gender non_binary: 1`]);
    await run(sql`update opportunities set organization_id = ${d} where id = ${c2}`);
    await expectCounts([`${d} gender male: 1`]);
    await run(sql`update opportunities set organization_id = ${c} where id = ${c2}`);
    await run(sql`delete from users where id = ${people.dee!}`);
    await expectCounts();
  });

  it('removes the counts of a deleted organization', async () => {
    await run(sql`delete from organizations where id = ${d}`);
    expect(await kept([d])).toEqual([]);
    await expectCounts();
  });

  // Two writers for Eve, each in a transaction of its own: the first holds its transaction open
  // a moment after its write, the second writes meanwhile. Whichever commits first, the counts
  // end equal to their definition.
  const meet = (first: SQL, second: SQL) => meetOn(database.db, first, second);

  it('stays right when an application and a change of profile meet', async () => {
    await run(sql`
      insert into candidate_profiles (user_id, gender, ethnicity, disability)
      values (${people.eve!}, 'female', 'white', false)`);
    // Eve applies for the first time while her profile changes.
    await meet(
      sql`insert into applications (candidate_id, opportunity_id) values (${people.eve!}, ${c1})`,
      sql`update candidate_profiles set gender = 'other' where user_id = ${people.eve!}`,
    );
    await expectCounts([`${c} gender other: 1`]);
    // Her profile changes while she applies again.
    await meet(
      sql`update candidate_profiles set ethnicity = 'coloured' where user_id = ${people.eve!}`,
      sql`insert into applications (candidate_id, opportunity_id) values (${people.eve!}, ${c2})`,
    );
    await expectCounts([`${c} ethnicity coloured: 1`]);
    // She withdraws from one opportunity while applying to none: C keeps her once.
    await meet(
      sql`delete from applications where candidate_id = ${people.eve!} and opportunity_id = ${c1}`,
      sql`insert into profile_qualifications (profile_id, institution_id) values (${profileOf('eve')}, ${institutionA})`,
    );
    await expectCounts([`${c} institution ${institutionA}: 2`]);
  });
});
