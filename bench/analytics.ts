// Analytics at 100 000 applications over 50 opportunities of one organization.
//
//   npm run bench:analytics                        # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     npm run bench:analytics                      # a PostgreSQL server (a scratch database)
//
// For each analytics call: the call over HTTP (in process: route, authorization, service, the
// statements, the response's schema check) against its SQL alone (the same statements sent
// straight to the database, as the service sends them: at once where it sends them at once, each
// in the read-only transaction and with the working memory the service gives it, no HTTP and no
// service), as median and p95. Without filters the people are counted by the breakdowns'
// statement itself; with filters the differencing check is a statement of its own.
// A benchmark is not a test: it reports, it never fails on a time.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { sql } from 'drizzle-orm';

import * as repo from '../apps/api/src/features/analytics/analytics.repository.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { testDbTarget } from '../apps/api/src/test/db.ts';
import { median, p95 } from './stats.ts';

const APPLICATIONS = 100_000;
const OPPORTUNITIES = 50;
const CANDIDATES = 40_000;
const RUNS = Number(process.env.RUNS ?? 15);

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function time(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { median: median(times), p95: p95(times) };
}

async function main() {
  const t = await createTestApp();
  const db = t.database.db;
  try {
    const client = await createUser(t.database, { role: 'client', primary: true });
    const org = client.organizationId!;
    const token = await loginAs(t.app, client.email, client.password);
    const seeded = performance.now();
    await db.execute(sql`
      insert into locations (address, city, province, latitude, longitude)
      select 'Place ' || g, 'Town ' || g, 'Province ' || (g % 9), -34 + (g % 20) * 0.6, 18 + (g / 20) * 1.2
      from generate_series(0, 199) g`);
    await db.execute(sql`
      insert into institutions (name, kind)
      select 'Institution ' || g, 'university' from generate_series(1, 40) g`);
    await db.execute(sql`
      insert into qualification_types (name) select 'Type ' || g from generate_series(1, 8) g`);
    await db.execute(sql`
      insert into opportunities (organization_id, name, kind, published_at)
      select ${org}, 'Opportunity ' || g, 'job', now() from generate_series(1, ${OPPORTUNITIES}) g`);
    // Three phases per opportunity: Applied -> Interview -> Offer.
    await db.execute(sql`
      insert into phases (opportunity_id, name, initial)
      select o.id, p.name, false from opportunities o, (values ('Offer'), ('Interview'), ('Applied')) p(name)
      where o.organization_id = ${org}`);
    await db.execute(sql`
      update phases i set next_phase_id = o.id from phases o
      where i.opportunity_id = o.opportunity_id and i.name = 'Interview' and o.name = 'Offer'`);
    await db.execute(sql`
      update phases a set next_phase_id = i.id, initial = true from phases i
      where a.opportunity_id = i.opportunity_id and a.name = 'Applied' and i.name = 'Interview'`);
    await db.execute(sql`
      insert into users (email, role, confirmed_at)
      select 'bench-' || g || '@example.test', 'candidate', now() from generate_series(1, ${CANDIDATES}) g`);
    await db.execute(sql`
      insert into candidate_profiles (user_id, gender, ethnicity, disability, latitude, longitude, completion)
      select u.id,
             (array['female','male','non_binary','other','prefer_not_to_say'])[1 + (u.id % 5)]::gender,
             (array['african','coloured','indian','white','other','prefer_not_to_say'])[1 + (u.id % 6)]::ethnicity,
             u.id % 7 = 0,
             -34 + (u.id % 20) * 0.6 + (u.id % 13) * 0.01, 18 + ((u.id / 20) % 10) * 1.2,
             case when u.id % 4 = 0 then 80 else 100 end
      from users u where u.email like 'bench-%'`);
    await db.execute(sql`
      insert into profile_qualifications (profile_id, institution_id, qualification_type_id)
      select p.id, (select min(id) from institutions) + (p.id % 40), (select min(id) from qualification_types) + (p.id % 8)
      from candidate_profiles p where p.id % 3 <> 0`);
    // 100 000 applications: candidate k applies to opportunities k, k+1, ... (mod 50).
    await db.execute(sql`
      with o as (select id, row_number() over (order by id) - 1 as n from opportunities where organization_id = ${org}),
           c as (select id, row_number() over (order by id) - 1 as n from users where email like 'bench-%')
      insert into applications (candidate_id, opportunity_id, phase_id, created_at, complete, regretted_at)
      select c.id, o.id, (select id from phases where opportunity_id = o.id and initial),
             now() - ((g.k % 365) || ' days')::interval, g.k % 3 <> 0,
             case when g.k % 11 = 0 then now() - ((g.k % 30) || ' days')::interval end
      from generate_series(0, ${APPLICATIONS - 1}) g(k)
      join c on c.n = g.k % ${CANDIDATES}
      join o on o.n = (g.k / ${CANDIDATES} + g.k) % ${OPPORTUNITIES}`);
    await db.execute(sql`
      insert into application_phase_events (application_id, kind, phase_id, created_at)
      select a.id, 'applied', a.phase_id, a.created_at from applications a`);
    await db.execute(sql`
      insert into application_phase_events (application_id, kind, from_phase_id, phase_id, created_at)
      select a.id, 'moved', a.phase_id, ph.next_phase_id, a.created_at + interval '3 days'
      from applications a join phases ph on ph.id = a.phase_id where a.id % 2 = 0`);
    await db.execute(sql`
      insert into eligibilities (candidate_id, opportunity_id, eligible, checked_at, invited_at, referred_at)
      select a.candidate_id, a.opportunity_id, a.id % 3 = 0, now() - interval '10 days',
             case when a.id % 9 = 0 then now() - interval '5 days' end, a.created_at
      from applications a`);
    // Vacuumed as autovacuum would after such a load: the visibility map lets index-only scans
    // skip the table, as they do on a database in use.
    await db.execute(sql`vacuum analyze`);
    const [{ n }] = (
      (await db.execute(sql`select count(*)::int as n from applications`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    console.log(
      `Seeded ${n} applications over ${OPPORTUNITIES} opportunities, ${CANDIDATES} candidates, in ${ms(performance.now() - seeded)} (${testDbTarget})`,
    );
    console.log(
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; shared with other work, so times vary.`,
    );

    const scope = { organizationId: org, userId: client.id, primary: true };
    const [firstOpp] = (
      (await db.execute(
        sql`select id from opportunities where organization_id = ${org} order by id limit 3`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const get = (path: string) => async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/client/organization/analytics/${path}`,
        headers: bearer(token),
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    };
    const overviewDims = [
      'week',
      'opportunity',
      'province',
      'city',
      'institution',
      'qualificationType',
      'gender',
      'ethnicity',
      'disability',
    ] as const;
    const cases: { name: string; call: () => Promise<unknown>; raw: () => Promise<unknown> }[] = [
      {
        name: 'overview (applicants)',
        call: get('applicants'),
        raw: () =>
          Promise.all([
            repo.breakdownsApart(db, 'applicants', scope, [], overviewDims, true),
            repo.reading(db, (tx) => repo.phaseFunnels(tx, scope, [])),
          ]),
      },
      {
        name: 'explore applicants × gender',
        call: get('explore?measure=applicants&dimension=gender'),
        raw: () =>
          repo.reading(db, (tx) => repo.breakdowns(tx, 'applicants', scope, [], ['gender'], true)),
      },
      {
        name: 'explore eligible × province, 2 filters',
        call: get('explore?measure=eligible&dimension=province&genders=female,male&complete=true'),
        raw: async () => {
          const c = repo.filterConditions({ genders: ['female', 'male'], complete: true });
          await Promise.all([
            repo.reading(db, (tx) => repo.populationSizes(tx, 'eligible', scope, c)),
            // The genders are a list: one value more or less is a neighbouring answer.
            repo.reading(db, (tx) => repo.listDifferences(tx, 'eligible', scope, c)),
            repo.reading(db, (tx) => repo.breakdowns(tx, 'eligible', scope, c, ['province'])),
          ]);
        },
      },
      {
        name: 'explore time in phase × phase',
        call: get('explore?measure=timeInPhase&dimension=phase'),
        raw: async () => {
          await Promise.all([
            repo.reading(db, (tx) => repo.populationSizes(tx, 'timeInPhase', scope, [])),
            repo.reading(db, (tx) => repo.breakdowns(tx, 'timeInPhase', scope, [], ['phase'])),
            repo.phasePositions(db, scope),
          ]);
        },
      },
      {
        name: 'explore regrets × week, dates + 1 opportunity',
        call: get(
          `explore?measure=regrets&dimension=week&from=2026-01-01&opportunities=${firstOpp!.id}`,
        ),
        raw: async () => {
          const range = { from: '2025-12-29' };
          const c = [...repo.rangeConditions(range), ...repo.opportunityCondition([firstOpp!.id])];
          await Promise.all([
            // The dates a week wider or narrower, and one opportunity more or less, are the
            // neighbouring answers the differencing check counts too.
            repo.reading(db, (tx) =>
              repo.populationSizes(tx, 'regrets', scope, c, repo.dateNeighbours(range)),
            ),
            repo.reading(db, (tx) => repo.listDifferences(tx, 'regrets', scope, c)),
            repo.reading(db, (tx) => repo.breakdowns(tx, 'regrets', scope, c, ['week'])),
          ]);
        },
      },
      {
        name: 'explore invites × institution',
        call: get('explore?measure=invites&dimension=institution'),
        raw: async () => {
          await repo.reading(db, (tx) =>
            repo.breakdowns(tx, 'invites', scope, [], ['institution'], true),
          );
        },
      },
    ];
    console.log(`\n${RUNS} runs each after one warm-up; median / p95\n`);
    console.log('| call | HTTP median | HTTP p95 | SQL median | SQL p95 | ratio |');
    console.log('|---|---|---|---|---|---|');
    // ONLY=overview runs the calls whose name contains it.
    for (const c of cases.filter((c) => c.name.includes(process.env.ONLY ?? ''))) {
      const call = await time(c.call);
      const raw = await time(c.raw);
      console.log(
        `| ${c.name} | ${ms(call.median)} | ${ms(call.p95)} | ${ms(raw.median)} | ${ms(raw.p95)} | ${(call.median / raw.median).toFixed(2)} |`,
      );
    }
  } finally {
    await t.close();
  }
}

await main();
