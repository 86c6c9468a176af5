// Analytics of one organization at national size: 114 000 applications, homes on about 17 000
// points of the 5 km grid, the real gazetteer (the reference seed's places).
//
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     npm run bench:analytics-scale                   # a PostgreSQL server (a scratch database)
//   BEFORE_DIR=/tmp/analytics-before npm run bench:analytics-scale   # and an older version
//
// Each analytics call is run through the analytics service (scope, statements, the rules in
// TypeScript; no HTTP), alternately by this version ("after") and, with BEFORE_DIR, by the
// service of another checkout of the project ("before": `git archive <commit> | tar -x -C dir`,
// with this worktree's node_modules linked into it) on the same database, one call each in
// turn, so both meet the same load. The call over HTTP (this version, in process) is timed too.
// The database is migrated by this version: an older version reads the same tables.
// ONLY=<part of a call's name> runs those calls; RUNS=<n> the runs of each (11).
// A benchmark is not a test: it reports, it never fails on a time.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { sql } from 'drizzle-orm';

import { createAnalyticsService } from '../apps/api/src/features/analytics/analytics.service.ts';
import type { Actor } from '../apps/api/src/plugins/access.ts';
import { ensureReferenceData } from '../apps/api/src/seed/reference.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { testDbTarget } from '../apps/api/src/test/db.ts';
import { median, p95 } from './stats.ts';

const APPLICATIONS = 114_000;
const OPPORTUNITIES = 60;
const CANDIDATES = 50_000;
const RUNS = Number(process.env.RUNS ?? 11);
const BEFORE_DIR = process.env.BEFORE_DIR;

type Service = ReturnType<typeof createAnalyticsService>;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function rows<T>(db: { execute(q: unknown): Promise<unknown> }, q: unknown): Promise<T[]> {
  return ((await db.execute(q)) as { rows: T[] }).rows;
}

async function main() {
  const t = await createTestApp();
  const db = t.database.db;
  try {
    const client = await createUser(t.database, { role: 'client', primary: true });
    const org = client.organizationId!;
    const token = await loginAs(t.app, client.email, client.password);
    const seeded = performance.now();
    // The gazetteer, institutions and qualification types every deployment has.
    await ensureReferenceData(db);
    await db.execute(sql`select setseed(0.25)`);
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
    // Homes around the gazetteer's South African places, up to about 10 km from one.
    await db.execute(sql`
      with places as (select row_number() over (order by id) as n, latitude, longitude
                      from locations where country = 'ZA' and latitude between -35 and -22),
           counted as (select count(*) as n from places),
           homes as (select u.id, 1 + floor(random() * (select n from counted)) as place,
                            (random() - 0.5) * 0.2 as dlat, (random() - 0.5) * 0.2 as dlng
                     from users u where u.email like 'bench-%')
      insert into candidate_profiles (user_id, gender, ethnicity, disability, latitude, longitude, completion)
      select h.id,
             (array['female','male','non_binary','other','prefer_not_to_say'])[1 + (h.id % 5)]::gender,
             (array['african','coloured','indian','white','other','prefer_not_to_say'])[1 + (h.id % 6)]::ethnicity,
             h.id % 7 = 0, pl.latitude + h.dlat, pl.longitude + h.dlng,
             case when h.id % 4 = 0 then 80 else 100 end
      from homes h join places pl on pl.n = h.place`);
    await db.execute(sql`
      insert into profile_qualifications (profile_id, institution_id, qualification_type_id)
      select p.id, (select min(id) from institutions) + (p.id % 40), (select min(id) from qualification_types) + (p.id % 8)
      from candidate_profiles p where p.id % 3 <> 0`);
    // Candidate k applies to opportunities k, k+1, ... (mod the opportunities).
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
    // Vacuumed as autovacuum would after such a load.
    await db.execute(sql`vacuum analyze`);
    const [size] = await rows<{ n: number; cells: number; places: number }>(
      db,
      sql`select (select count(*)::int from applications) as n,
                 (select count(*)::int from organization_person_counts
                  where organization_id = ${org} and dimension = 'grid') as cells,
                 (select count(*)::int from locations) as places`,
    );
    console.log(
      `Seeded ${size!.n} applications over ${OPPORTUNITIES} opportunities, ${CANDIDATES} candidates with homes on ${size!.cells} grid points, ${size!.places} places, in ${ms(performance.now() - seeded)} (${testDbTarget})`,
    );
    console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${load()}`);

    const deps = {
      db,
      now: () => new Date(),
      mailer: undefined as never,
      log: t.app.log,
      config: t.config,
    };
    const after: Service = createAnalyticsService(deps);
    let before: Service | undefined;
    if (BEFORE_DIR) {
      const path = join(BEFORE_DIR, 'apps/api/src/features/analytics/analytics.service.ts');
      if (!existsSync(path)) throw new Error(`no analytics service in ${BEFORE_DIR}`);
      const older = (await import(path)) as {
        createAnalyticsService: typeof createAnalyticsService;
      };
      before = older.createAnalyticsService(deps);
    }
    const actor: Actor = {
      userId: client.id,
      role: 'client',
      primary: true,
      sessionId: 'bench',
      sessionExpiresAt: new Date(Date.now() + 86_400_000),
    };
    const [firstOpp] = await rows<{ id: number }>(
      db,
      sql`select id from opportunities where organization_id = ${org} order by id limit 1`,
    );
    const opp = firstOpp!.id;
    const cases: { name: string; call: (s: Service) => Promise<unknown>; path: string }[] = [
      {
        name: 'overview (applicants)',
        call: (s) => s.applicants(actor, {}),
        path: 'applicants',
      },
      {
        name: 'overview, one opportunity',
        call: (s) => s.applicants(actor, { opportunities: [opp] }),
        path: `applicants?opportunities=${opp}`,
      },
      {
        name: 'explore applicants × city',
        call: (s) => s.explore(actor, { measure: 'applicants', dimension: 'city' }),
        path: 'explore?measure=applicants&dimension=city',
      },
      {
        name: 'explore applicants × gender',
        call: (s) => s.explore(actor, { measure: 'applicants', dimension: 'gender' }),
        path: 'explore?measure=applicants&dimension=gender',
      },
      {
        name: 'explore eligible × province, 2 filters',
        call: (s) =>
          s.explore(actor, {
            measure: 'eligible',
            dimension: 'province',
            genders: ['female', 'male'],
            complete: true,
          }),
        path: 'explore?measure=eligible&dimension=province&genders=female,male&complete=true',
      },
      {
        name: 'explore time in phase × phase',
        call: (s) => s.explore(actor, { measure: 'timeInPhase', dimension: 'phase' }),
        path: 'explore?measure=timeInPhase&dimension=phase',
      },
      {
        name: 'explore time in phase × city',
        call: (s) => s.explore(actor, { measure: 'timeInPhase', dimension: 'city' }),
        path: 'explore?measure=timeInPhase&dimension=city',
      },
      {
        name: 'explore regrets × week, dates + 1 opportunity',
        call: (s) =>
          s.explore(actor, {
            measure: 'regrets',
            dimension: 'week',
            from: '2026-01-01',
            opportunities: [opp],
          }),
        path: `explore?measure=regrets&dimension=week&from=2026-01-01&opportunities=${opp}`,
      },
      {
        name: 'explore invites × institution',
        call: (s) => s.explore(actor, { measure: 'invites', dimension: 'institution' }),
        path: 'explore?measure=invites&dimension=institution',
      },
    ];
    const http = (path: string) => async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/client/organization/analytics/${path}`,
        headers: bearer(token),
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    };
    const timed = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };

    console.log(
      `\n${RUNS} runs of each after one warm-up, ${before ? 'before and after in turn, ' : ''}median / p95; load is the one-minute average as each call's runs began\n`,
    );
    console.log(
      before
        ? '| call | load | before median / p95 | after median / p95 | after / before | after over HTTP median / p95 |'
        : '| call | load | median / p95 | over HTTP median / p95 |',
    );
    console.log(before ? '|---|---|---|---|---|---|' : '|---|---|---|---|');
    // ONLY=overview runs the calls whose name contains it.
    for (const c of cases.filter((c) => c.name.includes(process.env.ONLY ?? ''))) {
      const startLoad = loadavg()[0]!.toFixed(1);
      const times = { before: [] as number[], after: [] as number[], http: [] as number[] };
      if (before) await c.call(before);
      await c.call(after);
      await http(c.path)();
      for (let i = 0; i < RUNS; i++) {
        if (before) times.before.push(await timed(() => c.call(before)));
        times.after.push(await timed(() => c.call(after)));
        times.http.push(await timed(http(c.path)));
      }
      const fmt = (xs: number[]) => `${ms(median(xs))} / ${ms(p95(xs))}`;
      console.log(
        before
          ? `| ${c.name} | ${startLoad} | ${fmt(times.before)} | ${fmt(times.after)} | ${(median(times.after) / median(times.before)).toFixed(2)} | ${fmt(times.http)} |`
          : `| ${c.name} | ${startLoad} | ${fmt(times.after)} | ${fmt(times.http)} |`,
      );
    }
    console.log(`\nLoad at the end: ${load()}`);
  } finally {
    // KEEP_DB=1 leaves the database for EXPLAIN ANALYZE in psql (drop it afterwards).
    const url = (t.database as { url?: string }).url;
    if (process.env.KEEP_DB && url) {
      await t.app.close();
      await t.database.close();
      console.log(`Database kept: ${url}`);
    } else {
      await t.close();
    }
  }
}

await main();
