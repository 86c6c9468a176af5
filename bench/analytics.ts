// Analytics at 100 000 applications over 50 opportunities of one organization.
//
//   npm run bench:analytics                        # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     npm run bench:analytics                      # a PostgreSQL server (a scratch database)
//
//   BEFORE_DIR=/tmp/analytics-before npm run bench:analytics   # and an older version beside
//
// Seeds one organization (its homes on a regular grid of 200 made-up places), then asks every
// question the analytics pages ask: what is asked and how it is timed is
// bench/analytics-questions.ts (ONLY, RUNS (5), HTTP=0). The seeded database is migrated by this
// version; an older version reads the same tables.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { sql } from 'drizzle-orm';

import { createAnalyticsService } from '../apps/api/src/features/analytics/analytics.service.ts';
import type { Actor } from '../apps/api/src/plugins/access.ts';
import { createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { testDbTarget } from '../apps/api/src/test/db.ts';
import { analyticsQuestions, serviceBefore, timeQuestions } from './analytics-questions.ts';

const APPLICATIONS = 100_000;
const OPPORTUNITIES = 50;
const CANDIDATES = 40_000;
const RUNS = Number(process.env.RUNS ?? 5);

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

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

    const deps = {
      db,
      now: () => new Date(),
      mailer: undefined as never,
      log: t.app.log,
      config: t.config,
    };
    const actor: Actor = {
      userId: client.id,
      role: 'client',
      primary: true,
      sessionId: 'bench',
      sessionExpiresAt: new Date(Date.now() + 86_400_000),
    };
    const [firstOpp] = (
      (await db.execute(
        sql`select id from opportunities where organization_id = ${org} order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await timeQuestions({
      questions: analyticsQuestions(firstOpp!.id, new Date()),
      actor,
      after: createAnalyticsService(deps),
      before: await serviceBefore(deps),
      app: t.app,
      token,
      runs: RUNS,
    });
  } finally {
    await t.close();
  }
}

await main();
