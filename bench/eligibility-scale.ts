// Eligibility recomputation at national size, on a PostgreSQL server.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:eligibility-scale
//   ELIGIBILITY_CANDIDATES=10000 ELIGIBILITY_OPPORTUNITIES=1000 npm run bench:eligibility-scale
//   ELIGIBILITY_BEFORE=/tmp/elig-before npm run bench:eligibility-scale   # another code tree beside
//
// Builds a scratch database set-based in SQL (deterministic pseudo-random values from hashes of
// the row number): 100 000 candidates with what the eligibility rule reads (birth date, country,
// driver's licence, home, a school certificate with a mathematics mark, a degree for most, work
// rights, languages, experience), 10 000 opportunities of which 9 500 are published, one to four
// requirements each (one in ten with a distance criterion), and about 91 locations each.
//
// Then times the product's own recomputations, each run after a real change:
//   candidate    recomputeCandidate after the candidate's profile changed (their driver's licence
//                toggled), against every published opportunity;
//   opportunity  recomputeOpportunity after the opportunity's age requirement changed, against
//                every candidate;
// each beside its floor measured in the same run: one set-based upsert of as many result rows
// (rows as large as the real ones). With ELIGIBILITY_BEFORE, the same functions of that code tree
// run alternately with this tree's. A benchmark is not a test: it reports, it never fails on a time.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';

import { sql, type SQL } from 'drizzle-orm';

import { openDatabase } from '../apps/api/src/db/client.ts';
import * as engine from '../apps/api/src/features/eligibility/eligibility.engine.ts';
import { seedReferenceData } from '../apps/api/src/seed/index.ts';
import {
  createMigratedDatabase,
  dropDatabase,
  withAdmin,
  withDatabase,
} from '../apps/api/src/test/db-target.ts';
import { median, p95 } from './stats.ts';

const CANDIDATES = Number(process.env.ELIGIBILITY_CANDIDATES ?? 100_000);
const OPPORTUNITIES = Number(process.env.ELIGIBILITY_OPPORTUNITIES ?? 10_000);
/** Locations per opportunity on average (1 to 181, uniformly). */
const LOCATIONS = Number(process.env.ELIGIBILITY_LOCATIONS ?? 91);
const CANDIDATE_RUNS = Number(process.env.ELIGIBILITY_CANDIDATE_RUNS ?? 15);
const OPPORTUNITY_RUNS = Number(process.env.ELIGIBILITY_OPPORTUNITY_RUNS ?? 5);
const BEFORE = process.env.ELIGIBILITY_BEFORE;
const NOW = new Date('2026-11-20T08:00:00Z');

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The rows of a query (the drivers type them differently). */
const select = async <T>(db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const databaseExists = (name: string) =>
  withAdmin(
    async (c) =>
      (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );

type Engine = Pick<typeof engine, 'recomputeCandidate' | 'recomputeOpportunity'>;

const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_DATABASE_URL = url;
  // ELIGIBILITY_KEEP names a database to build once and keep: later runs time it again.
  const kept = process.env.ELIGIBILITY_KEEP;
  const name = kept ?? `pathways_bench_elig_${randomBytes(4).toString('hex')}`;
  const exists = kept !== undefined && (await databaseExists(name));
  if (!exists) await createMigratedDatabase(name);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), max: 4 });
  const db = database.db;
  const engines: { label: string; engine: Engine }[] = [{ label: 'this tree', engine }];
  if (BEFORE) {
    engines.unshift({
      label: 'before',
      engine: (await import(
        `${BEFORE}/apps/api/src/features/eligibility/eligibility.engine.ts`
      )) as Engine,
    });
  }
  try {
    console.log(`Load average before the build: ${load()}`);
    const built = performance.now();
    if (!exists) {
      await seedReferenceData(db);
      await build(db);
    }
    console.log(`Built in ${seconds(performance.now() - built)}; load average ${load()}`);
    const counts = (
      await select<Record<string, number>>(
        db,
        sql`select
        (select count(*)::int from users where role = 'candidate') as candidates,
        (select count(*)::int from opportunities where published_at is not null) as published,
        (select count(*)::int from opportunities) as opportunities,
        (select count(*)::int from requirements) as requirements,
        (select count(*)::int from requirements where kind = 'distance') as distance,
        (select count(*)::int from opportunity_locations) as locations`,
      )
    )[0]!;
    console.log(
      `Data: ${counts.candidates} candidates; ${counts.opportunities} opportunities, ` +
        `${counts.published} published; ${counts.requirements} requirements ` +
        `(${counts.distance} distance); ${counts.locations} locations`,
    );

    const candidateId = (
      await select<{ id: number }>(
        db,
        sql`select min(id)::int as id from users where role = 'candidate'`,
      )
    )[0]!.id;
    const floorCandidateId = candidateId + 1;
    const [opportunityId, floorOpportunityId] = (
      await select<{ id: number }>(
        db,
        sql`select id from opportunities where published_at is not null order by id limit 2`,
      )
    ).map((r) => r.id) as [number, number];
    // The timed opportunity: an age requirement every candidate passes the prefilter of.
    await db.execute(sql`delete from requirements where opportunity_id = ${opportunityId}`);
    await db.execute(sql`insert into requirements (opportunity_id, kind, criterion, position)
      values (${opportunityId}, 'age', '{"kind":"age","maximum":35}', 0),
             (${opportunityId}, 'minimum_grade', '{"kind":"minimum_grade","minimum":30}', 1)`);

    // After every check stored before (a kept database), so every run writes.
    const last = (
      await select<{ at: string | null }>(
        db,
        sql`select max(checked_at)::text as at from eligibilities`,
      )
    )[0]?.at;
    let clock = Math.max(NOW.getTime(), last ? new Date(last).getTime() : 0);
    const tick = () => new Date((clock += 1000));
    const criteria = (
      await select<{ criteria: string }>(
        db,
        sql`select '[{"requirementId":1,"kind":"age","status":"met","description":"Aged at most 35","reason":"You are 24"},{"requirementId":2,"kind":"minimum_grade","status":"met","description":"A grade of at least 30 %","reason":"Your best grade is 74.5 %"}]' as criteria`,
      )
    )[0]!.criteria;

    /** One set-based upsert of `count` result rows: candidate fixed, or opportunity fixed. */
    const floor = async (kind: 'candidate' | 'opportunity', count: number, at: Date) => {
      const started = performance.now();
      if (kind === 'candidate') {
        await db.execute(sql`insert into eligibilities
            (candidate_id, opportunity_id, eligible, criteria, checked_at, updated_at)
          select ${floorCandidateId}::int, id, true, ${criteria}::jsonb, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          from opportunities where published_at is not null order by id limit ${count}
          on conflict (candidate_id, opportunity_id) do update set eligible = excluded.eligible,
            criteria = excluded.criteria, checked_at = excluded.checked_at, updated_at = excluded.updated_at`);
      } else {
        await db.execute(sql`insert into eligibilities
            (candidate_id, opportunity_id, eligible, criteria, checked_at, updated_at)
          select id, ${floorOpportunityId}::int, true, ${criteria}::jsonb, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          from users where role = 'candidate' order by id limit ${count}
          on conflict (candidate_id, opportunity_id) do update set eligible = excluded.eligible,
            criteria = excluded.criteria, checked_at = excluded.checked_at, updated_at = excluded.updated_at`);
      }
      return performance.now() - started;
    };

    // One candidate against every published opportunity, after their profile changed.
    const candidate = new Map<string, number[]>();
    const candidateFloor: number[] = [];
    let candidateRows = 0;
    let toggle = false;
    for (let run = -1; run < CANDIDATE_RUNS; run++) {
      for (const { label, engine: e } of engines) {
        toggle = !toggle;
        await db.execute(sql`update candidate_profiles set drivers_license = ${toggle}
          where user_id = ${candidateId}`);
        const started = performance.now();
        const result = await e.recomputeCandidate(db, candidateId, tick());
        const took = performance.now() - started;
        candidateRows = result.evaluated;
        if (run >= 0) candidate.set(label, [...(candidate.get(label) ?? []), took]);
      }
      const took = await floor('candidate', candidateRows, tick());
      if (run >= 0) candidateFloor.push(took);
    }
    report(`candidate against ${candidateRows} opportunities`, candidate, candidateFloor);

    // One opportunity against every candidate, after its age requirement changed.
    const opportunity = new Map<string, number[]>();
    const opportunityFloor: number[] = [];
    let opportunityRows = 0;
    let maximum = 35;
    for (let run = -1; run < OPPORTUNITY_RUNS; run++) {
      for (const { label, engine: e } of engines) {
        maximum = maximum === 35 ? 30 : 35;
        await db.execute(sql`update requirements
          set criterion = jsonb_set(criterion, '{maximum}', ${String(maximum)}::jsonb)
          where opportunity_id = ${opportunityId} and kind = 'age'`);
        const started = performance.now();
        const result = await e.recomputeOpportunity(db, opportunityId, tick());
        const took = performance.now() - started;
        opportunityRows = result.evaluated;
        if (run >= 0) opportunity.set(label, [...(opportunity.get(label) ?? []), took]);
        console.log(
          `  ${label}: opportunity run ${run} ${seconds(took)} (${result.evaluated} evaluated, ` +
            `${result.stored} stored, ${result.eligible} eligible); load ${load()}`,
        );
      }
      const took = await floor('opportunity', opportunityRows, tick());
      if (run >= 0) opportunityFloor.push(took);
    }
    report(`opportunity against ${opportunityRows} candidates`, opportunity, opportunityFloor);
    console.log(`\nLoad average at the end: ${load()}`);
  } finally {
    await database.close();
    if (!kept) await dropDatabase(name);
  }
}

function report(title: string, timed: Map<string, number[]>, floor: number[]) {
  console.log(`\n${title} (load average ${load()})`);
  const line = (label: string, times: number[]) =>
    console.log(
      `  ${label.padEnd(10)} median ${seconds(median(times)).padStart(8)}  p95 ${seconds(p95(times)).padStart(8)}` +
        `  x${(median(times) / median(floor)).toFixed(2)} of the floor  (${times.length} runs)`,
    );
  line('floor', floor);
  for (const [label, times] of timed) line(label, times);
  const before = timed.get('before');
  const after = timed.get('this tree');
  if (before && after) {
    console.log(`  before/after: x${(median(before) / median(after)).toFixed(1)} faster`);
  }
}

/** The data set, set-based: `r(i, k)` is a deterministic number in [0, 1) for row i, draw k. */
async function build(db: Db) {
  const q = (text: string) => db.execute(sql.raw(text));
  await q(`create function bench_r(i bigint, k int) returns float8 language sql immutable as
    $$ select (hashint8(i * 1000 + k) & 2147483647)::float8 / 2147483648 $$`);
  const ref = (
    await select<Record<string, number>>(
      db,
      sql`select
      (select id from qualification_types where name = 'National Senior Certificate') as nsc,
      (select id from qualification_types where name = 'Bachelor''s Degree') as degree,
      (select id from qualification_components where name = 'Mathematics' limit 1) as maths,
      (select min(id) from disciplines) as d0, (select max(id) from disciplines) as d1`,
    )
  )[0]!;
  const disciplineSpan = ref.d1! - ref.d0! + 1;
  // Seven cities the homes and locations gather around (with up to ~0.5 degrees of spread).
  const cities = `(values (0, -33.9249, 18.4241, 'Cape Town'), (1, -26.1076, 28.0567, 'Sandton'),
    (2, -29.8587, 31.0218, 'Durban'), (3, -25.7479, 28.2293, 'Pretoria'),
    (4, -33.9608, 25.6022, 'Gqeberha'), (5, -23.9045, 29.4689, 'Polokwane'),
    (6, -33.9321, 18.8602, 'Stellenbosch')) as c(n, lat, lon, city)`;

  await q(`insert into users (email, role, first_name, last_name)
    select 'candidate' || g || '@bench.test', 'candidate', 'Candidate', 'No ' || g
    from generate_series(1, ${CANDIDATES}) g`);
  await q(`insert into candidate_profiles
      (user_id, country_of_birth, born_at, drivers_license, latitude, longitude)
    select u.id, case when bench_r(u.id, 1) < 0.9 then 'ZA' else 'ZW' end,
      date '1988-01-01' + (bench_r(u.id, 2) * 6000)::int,
      case when bench_r(u.id, 3) < 0.1 then null else bench_r(u.id, 3) < 0.55 end,
      case when bench_r(u.id, 4) < 0.05 then null else c.lat + (bench_r(u.id, 5) - 0.5) end,
      case when bench_r(u.id, 4) < 0.05 then null else c.lon + (bench_r(u.id, 6) - 0.5) end
    from users u join ${cities} on c.n = (bench_r(u.id, 7) * 7)::int % 7
    where u.role = 'candidate'`);
  await q(`insert into profile_qualifications
      (profile_id, qualification_type_id, status, starts_at, ends_at, grade_normalized)
    select p.id, ${ref.nsc}, 'completed'::qualification_status, date '2020-01-15', date '2020-11-30',
      round((40 + bench_r(p.id, 10) * 59)::numeric, 1)
    from candidate_profiles p
    union all
    select p.id, ${ref.degree}, null::qualification_status, date '2022-02-01', date '2026-12-10',
      round((45 + bench_r(p.id, 12) * 50)::numeric, 1)
    from candidate_profiles p where bench_r(p.id, 11) < 0.6`);
  await q(`insert into profile_qualification_components (profile_qualification_id, qualification_component_id, mark)
    select q.id, ${ref.maths}, round((30 + bench_r(q.id, 13) * 69)::numeric, 0)
    from profile_qualifications q where q.qualification_type_id = ${ref.nsc} and bench_r(q.id, 14) < 0.8`);
  await q(`insert into profile_qualification_disciplines (profile_qualification_id, discipline_id)
    select q.id, ${ref.d0} + (bench_r(q.id, 15) * ${disciplineSpan})::int % ${disciplineSpan}
    from profile_qualifications q where q.qualification_type_id = ${ref.degree}`);
  await q(`insert into work_rights (profile_id, country_code, kind)
    select p.id, 'ZA', case when p.country_of_birth = 'ZA' then 'citizen' else 'permit' end::right_kind
    from candidate_profiles p where bench_r(p.id, 16) < 0.9`);
  await q(`insert into language_proficiencies (profile_id, language, reading, writing, speaking)
    select p.id, 'English', 'advanced'::language_level, 'advanced'::language_level, 'advanced'::language_level from candidate_profiles p
    where bench_r(p.id, 17) < 0.8
    union all
    select p.id, 'isiZulu', 'native'::language_level, 'intermediate'::language_level, 'native'::language_level from candidate_profiles p
    where bench_r(p.id, 18) < 0.4`);
  await q(`insert into experiences (profile_id, kind, title, organization_name, starts_at, ends_at)
    select p.id, 'work', 'Intern', 'Somewhere', date '2023-01-01' + (bench_r(p.id, 19) * 700)::int,
      date '2025-06-01' + (bench_r(p.id, 20) * 300)::int
    from candidate_profiles p where bench_r(p.id, 21) < 0.5`);

  await q(
    `insert into organizations (name, slug) values ('Bench Organization', 'bench-organization')`,
  );
  await q(`insert into opportunities (organization_id, kind, name, published_at, closes_at)
    select (select min(id) from organizations), 'job', 'Opportunity ' || g,
      case when g % 20 = 0 then null else timestamptz '${NOW.toISOString()}' - interval '1 day' end,
      timestamptz '${NOW.toISOString()}' + interval '30 days'
    from generate_series(1, ${OPPORTUNITIES}) g`);
  // One to four requirements each, of distinct kinds: one opportunity in ten measures distance.
  await q(`insert into requirements (opportunity_id, kind, criterion, position)
    select o.id, k.kind, k.criterion, k.position from opportunities o
    cross join lateral (
      select x.kind, x.criterion, row_number() over (order by x.n)::int - 1 as position
      from (values
        (0, 'distance', jsonb_build_object('kind', 'distance', 'maximumKm',
           (array[25, 50, 100])[1 + (bench_r(o.id, 30) * 3)::int % 3]), o.id % 10 = 0),
        (1, 'qualification', jsonb_build_object('kind', 'qualification', 'minimumNqfLevel',
           4 + (bench_r(o.id, 31) * 4)::int, 'statuses',
           case when bench_r(o.id, 32) < 0.5 then '["completed"]'::jsonb else '["completed","current"]'::jsonb end)
           || case when bench_r(o.id, 33) < 0.4 then jsonb_build_object('disciplineIds',
             jsonb_build_array(${ref.d0} + (bench_r(o.id, 34) * ${disciplineSpan})::int % ${disciplineSpan})) else '{}'::jsonb end,
           bench_r(o.id, 35) < 0.6),
        (2, 'minimum_grade', jsonb_build_object('kind', 'minimum_grade', 'minimum',
           50 + (bench_r(o.id, 36) * 30)::int), bench_r(o.id, 37) < 0.3),
        (3, 'school_subjects', jsonb_build_object('kind', 'school_subjects', 'subjects',
           jsonb_build_array(jsonb_build_object('componentId', ${ref.maths}, 'minimumMark',
           50 + (bench_r(o.id, 38) * 40)::int))), bench_r(o.id, 39) < 0.2),
        (4, 'age', jsonb_build_object('kind', 'age', 'maximum', 20 + (bench_r(o.id, 40) * 15)::int),
           bench_r(o.id, 41) < 0.3),
        (5, 'work_rights', '{"kind":"work_rights","countries":["ZA"]}'::jsonb, bench_r(o.id, 42) < 0.3),
        (6, 'languages', jsonb_build_object('kind', 'languages', 'languages', jsonb_build_array(
           jsonb_build_object('language', case when bench_r(o.id, 43) < 0.7 then 'English' else 'isiZulu' end,
           'minimumLevel', 'intermediate'))), bench_r(o.id, 44) < 0.2),
        (7, 'drivers_license', '{"kind":"drivers_license"}'::jsonb, bench_r(o.id, 45) < 0.15),
        (8, 'experience', jsonb_build_object('kind', 'experience', 'minimumYears',
           1 + (bench_r(o.id, 46) * 2)::int), bench_r(o.id, 47) < 0.15)
      ) as x(n, kind, criterion, wanted)
      where x.wanted
    ) k`);
  await q(`insert into opportunity_locations (opportunity_id, address, city, latitude, longitude)
    select o.id, c.city || ' branch ' || g, c.city,
      c.lat + (bench_r(o.id * 1000 + g, 51) - 0.5), c.lon + (bench_r(o.id * 1000 + g, 52) - 0.5)
    from opportunities o
    cross join lateral generate_series(1, 1 + (bench_r(o.id, 50) * ${2 * LOCATIONS - 1})::int) g
    join ${cities} on c.n = (bench_r(o.id * 1000 + g, 53) * 7)::int % 7`);
  await q('analyze');
}

await main();
