import { shownCount } from '@pathways/shared/analytics/suppression';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createUser } from '../../test/build-app.ts';
import { meet } from '../../test/concurrency.ts';
import { analyticsKeysOf } from '../../test/analytics-keys.ts';
import { createTestDatabase } from '../../test/db.ts';
import { reading, type AnalyticsScope, type NamedCondition } from './analytics.builder.ts';
import * as breakdownsRepository from './breakdowns.repository.ts';

// A candidate is an applicant of an organization while they have at least one application to one
// of its opportunities. The database keeps the list (`organization_applicants`) as applications
// and opportunities are written; the counts of the person the overview of a whole organization
// reads are summed over it (see person-counts.int.test.ts).

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

async function organization(name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    insert into organizations (name, slug) values (${name}, ${`${name}-${Date.now()}`}) returning id`);
  return row!.id;
}

async function opportunity(organizationId: number, name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    insert into opportunities (organization_id, name, kind, published_at)
    values (${organizationId}, ${name}, 'job', now()) returning id`);
  return row!.id;
}

async function candidate(email: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    insert into users (email, role, confirmed_at) values (${email}, 'candidate', now()) returning id`);
  return row!.id;
}

// Each test builds its own organizations, opportunities and candidates and writes the
// applications it starts from, so any one of them runs alone and in any order.
describe('organization applicants', () => {
  let c: number;
  let d: number;
  let c1: number;
  let c2: number;
  let d1: number;
  let x: number;
  let y: number;
  let scene = 0;

  /** The list as kept, for organizations C and D, as "organization:candidate". */
  const kept = async () =>
    (
      await rows<{ organization_id: number; candidate_id: number }>(sql`
        select organization_id, candidate_id from organization_applicants
        where organization_id in (${c}, ${d}) order by 1, 2`)
    ).map((r) => `${r.organization_id}:${r.candidate_id}`);

  /** The list by its definition: the organizations of each candidate's applications. */
  const defined = async () =>
    (
      await rows<{ organization_id: number; candidate_id: number }>(sql`
        select distinct o.organization_id, a.candidate_id
        from applications a join opportunities o on o.id = a.opportunity_id
        where o.organization_id in (${c}, ${d}) order by 1, 2`)
    ).map((r) => `${r.organization_id}:${r.candidate_id}`);

  const pair = (organizationId: number, candidateId: number) => `${organizationId}:${candidateId}`;
  const sorted = (pairs: string[]) =>
    [...pairs].sort((a, b) => {
      const [ao, ac] = a.split(':').map(Number);
      const [bo, bc] = b.split(':').map(Number);
      return ao! - bo! || ac! - bc!;
    });

  async function expectList(expected: string[]) {
    const list = await kept();
    expect(list).toEqual(await defined());
    expect(list).toEqual(sorted(expected));
  }

  /** Applications of candidate to opportunity, written in one statement. */
  async function apply(...pairs: [candidateId: number, opportunityId: number][]) {
    await database.db.execute(sql`
      insert into applications (candidate_id, opportunity_id)
      values ${sql.join(
        pairs.map(([candidateId, opportunityId]) => sql`(${candidateId}, ${opportunityId})`),
        sql`, `,
      )}`);
  }

  beforeEach(async () => {
    scene += 1;
    c = await organization(`Organization C${scene}`);
    d = await organization(`Organization D${scene}`);
    c1 = await opportunity(c, 'C one');
    c2 = await opportunity(c, 'C two');
    d1 = await opportunity(d, 'D one');
    x = await candidate(`kept-x${scene}@example.test`);
    y = await candidate(`kept-y${scene}@example.test`);
  });

  it('lists a candidate once per organization they applied to, in the same statement', async () => {
    // Several applications to one organization in one statement, one to another organization.
    await apply([x, c1], [x, c2], [y, c1], [x, d1]);
    await expectList([pair(c, x), pair(c, y), pair(d, x)]);
  });

  it('keeps a candidate while another application to the organization remains', async () => {
    await apply([x, c1], [x, c2], [y, c1]);
    await database.db.execute(
      sql`delete from applications where candidate_id = ${x} and opportunity_id = ${c1}`,
    );
    await expectList([pair(c, x), pair(c, y)]);
  });

  it('drops a candidate when their last application to the organization goes', async () => {
    await apply([x, c2], [y, c1], [x, d1]);
    await database.db.execute(
      sql`delete from applications where candidate_id = ${x} and opportunity_id = ${c2}`,
    );
    await expectList([pair(c, y), pair(d, x)]);
  });

  it('follows an application moved to another opportunity or candidate', async () => {
    await apply([y, c1], [x, d1]);
    await expectList([pair(c, y), pair(d, x)]);
    await database.db.execute(sql`
      update applications set opportunity_id = ${d1} where candidate_id = ${y} and opportunity_id = ${c1}`);
    await expectList([pair(d, x), pair(d, y)]);
    await database.db.execute(sql`
      update applications set candidate_id = ${x}, opportunity_id = ${c2}
      where candidate_id = ${y} and opportunity_id = ${d1}`);
    await expectList([pair(c, x), pair(d, x)]);
  });

  it('is left alone by changes of status and phase', async () => {
    await apply([x, c2], [x, d1]);
    await database.db.execute(
      sql`update applications set status = 'in_review' where candidate_id = ${x}`,
    );
    await expectList([pair(c, x), pair(d, x)]);
  });

  it('follows an opportunity passed to another organization', async () => {
    await apply([x, c2], [x, d1]);
    await database.db.execute(
      sql`update opportunities set organization_id = ${d} where id = ${c2}`,
    );
    await expectList([pair(d, x)]);
    await database.db.execute(
      sql`update opportunities set organization_id = ${c} where id = ${c2}`,
    );
    await expectList([pair(c, x), pair(d, x)]);
  });

  it('drops the applicants of an opportunity removed with its applications', async () => {
    await apply([x, c2], [x, d1], [y, d1]);
    await expectList([pair(c, x), pair(d, x), pair(d, y)]);
    await database.db.execute(sql`delete from opportunities where id = ${d1}`);
    await expectList([pair(c, x)]);
  });

  it('keeps a candidate when one application is withdrawn while another is made', async () => {
    // X is an applicant of C through C two alone. A new application to C one is written and held
    // open while the one to C two is withdrawn: the withdrawal waits for the new application and
    // finds it, so C keeps X.
    await apply([x, c2]);
    await expectList([pair(c, x)]);
    await meet(
      database.db,
      sql`insert into applications (candidate_id, opportunity_id) values (${x}, ${c1})`,
      sql`delete from applications where candidate_id = ${x} and opportunity_id = ${c2}`,
    );
    await expectList([pair(c, x)]);
    // The other way round: X's last application to C withdrawn and held, a new one made meanwhile.
    await meet(
      database.db,
      sql`delete from applications where candidate_id = ${x} and opportunity_id = ${c1}`,
      sql`insert into applications (candidate_id, opportunity_id) values (${x}, ${c2})`,
    );
    await expectList([pair(c, x)]);
  });

  it('drops a deleted user', async () => {
    await apply([x, c2], [y, c1]);
    await expectList([pair(c, x), pair(c, y)]);
    await database.db.execute(sql`delete from users where id = ${y}`);
    await expectList([pair(c, x)]);
  });
});

describe('the overview of a whole organization read from its counts', () => {
  // People in several groups of every dimension of the person; each group holds at least 5, so
  // no count is suppressed and a count that is off shows.
  const dimensions = [
    'province',
    'city',
    'institution',
    'qualificationType',
    'gender',
    'ethnicity',
    'disability',
  ] as const;
  let primary: AnalyticsScope;
  let manager: AnalyticsScope;

  beforeAll(async () => {
    const db = database.db;
    const client = await createUser(database, { role: 'client', primary: true });
    const org = client.organizationId!;
    primary = { organizationId: org, userId: client.id, primary: true };
    const other = await organization('Organization elsewhere');
    await db.execute(sql`
      insert into opportunities (organization_id, name, kind, published_at)
      select ${org}, 'Whole ' || g, 'job', now() from generate_series(1, 3) g`);
    const elsewhere = await opportunity(other, 'Elsewhere');
    // A manager of every opportunity of the organization sees the same applicants, found among
    // the applications.
    const managing = await createUser(database, { role: 'client', organizationId: org });
    manager = { organizationId: org, userId: managing.id, primary: false };
    await db.execute(sql`
      insert into opportunity_managers (opportunity_id, user_id)
      select id, ${managing.id} from opportunities where organization_id = ${org}`);
    await db.execute(sql`
      insert into locations (address, city, province, latitude, longitude)
      values ('1 Long Street', 'Cape Town', 'Western Cape', -33.92, 18.42),
             ('1 Smith Street', 'Durban', 'KwaZulu-Natal', -29.86, 31.03)`);
    await db.execute(sql`
      insert into institutions (name, kind) values ('Whole A', 'university'), ('Whole B', 'university')`);
    await db.execute(sql`insert into qualification_types (name) values ('Whole type')`);
    // Candidates 1 to 70.
    await db.execute(sql`
      insert into users (email, role, confirmed_at)
      select 'whole-' || g || '@example.test', 'candidate', now() from generate_series(1, 70) g`);
    const number = sql`(case when u.email like 'whole-%' then split_part(split_part(u.email, '@', 1), '-', 2)::int end)`;
    // 1-50 have a profile (51-70 none): three genders, two ethnicities, a disability for every
    // fourth, homes in Cape Town (1-20) and Durban (21-40).
    await db.execute(sql`
      insert into candidate_profiles (user_id, gender, ethnicity, disability, latitude, longitude)
      select u.id,
             (array['female','male','non_binary'])[1 + ${number} % 3]::gender,
             (array['african','white'])[1 + ${number} % 2]::ethnicity,
             ${number} % 4 = 0,
             case when ${number} <= 20 then -33.92 when ${number} <= 40 then -29.86 end,
             case when ${number} <= 20 then 18.42 when ${number} <= 40 then 31.03 end
      from users u where ${number} <= 50`);
    // 1-30 studied at A (of the type), 31-40 at B (of no type), 41-50 nothing stated.
    await db.execute(sql`
      insert into profile_qualifications (profile_id, institution_id, qualification_type_id)
      select p.id,
             (select id from institutions where name = case when ${number} <= 30 then 'Whole A' else 'Whole B' end),
             case when ${number} <= 30 then (select id from qualification_types where name = 'Whole type') end
      from candidate_profiles p join users u on u.id = p.user_id where ${number} <= 40`);
    // 1-60 applied to the first opportunity, 1-20 to the other two as well; 61-70 only elsewhere,
    // 1-10 elsewhere too.
    await db.execute(sql`
      insert into applications (candidate_id, opportunity_id)
      select u.id, o.id from users u, opportunities o
      where ${number} <= 60 and o.organization_id = ${org}
        and (o.name = 'Whole 1' or ${number} <= 20)`);
    await db.execute(sql`
      insert into applications (candidate_id, opportunity_id)
      select u.id, ${elsewhere} from users u where ${number} > 60 or ${number} <= 10`);
    // 55-60 withdrew their only application to the organization; 15 one of three.
    await db.execute(sql`
      delete from applications a using users u, opportunities o
      where u.id = a.candidate_id and o.id = a.opportunity_id and o.organization_id = ${org}
        and (${number} between 55 and 60 or (${number} = 15 and o.name = 'Whole 2'))`);
  });

  async function breakdowns(scope: AnalyticsScope, conditions: NamedCondition[]) {
    const found = await reading(database.db, (tx) =>
      breakdownsRepository.breakdowns(tx, 'applicants', scope, conditions, dimensions, true),
    );
    return found
      .map((r) => `${r.dimension} ${r.key}: ${r.count}`)
      .sort((a, b) => a.localeCompare(b));
  }

  it('counts the same people as the applications do', async () => {
    const read = await breakdowns(primary, []);
    // The same people found among the applications: through a condition that removes nobody,
    // and as a manager of every opportunity.
    expect(read).toEqual(
      await breakdowns(primary, [{ name: 'everyone', where: sql`x.candidate_id is not null` }]),
    );
    expect(read).toEqual(await breakdowns(manager, []));
    // Candidates 1-54: 55-60 left, 61-70 applied elsewhere only. Each group is shown moved by
    // its cell key: the sum of its people's analytics keys.
    const numbered = (await database.db.execute(sql`
      select u.id, split_part(split_part(u.email, '@', 1), '-', 2)::int as g
      from users u where u.email like 'whole-%'`)) as unknown as {
      rows: { id: number; g: number }[];
    };
    const keys = await analyticsKeysOf(
      database.db,
      numbered.rows.map((r) => r.id),
    );
    const keyOf = new Map(numbered.rows.map((r) => [Number(r.g), keys.get(Number(r.id))!]));
    const shown = (numbers: number[]) =>
      shownCount(
        numbers.length,
        numbers.reduce((sum, g) => sum + keyOf.get(g)!, 0),
      );
    const from = (first: number, last: number) =>
      Array.from({ length: last - first + 1 }, (_, k) => first + k);
    expect(read).toContain('total : 54');
    expect(read).toContain(`gender female: ${shown(from(1, 50).filter((g) => g % 3 === 0))}`);
    expect(read).toContain(`institution none: ${shown(from(41, 54))}`);
    expect(read).toContain(`province Western Cape: ${shown(from(1, 20))}`);
    expect(read).toContain(`province not_stated: ${shown(from(41, 54))}`);
  });
});
