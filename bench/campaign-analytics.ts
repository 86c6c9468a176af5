// Campaign analytics at 100 000 applications over 50 opportunities of one organization.
//
//   npm run bench:campaign-analytics                       # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     npm run bench:campaign-analytics                     # a PostgreSQL server (a scratch database)
//
// The organization has 55 campaigns (one per opportunity, five for the whole organization),
// 100 000 candidates (60 % signed up through a campaign) with one application each, and a visit
// row per campaign and day over two years (40 000 rows). Reported as median and p95:
//   primary   GET client/organization/analytics/campaigns?weeks=26 over HTTP (in process), as a
//             primary user: every campaign;
//   manager   the same call as a user who manages 5 of the 50 opportunities;
//   raw SQL   the baseline: the call's one aggregate statement (visits, sign-ups and applicants
//             per campaign and week) straight to the database, for the primary user.
// A benchmark is not a test: it reports, it never fails on a time.
import { performance } from 'node:perf_hooks';

import { sql } from 'drizzle-orm';

import * as s from '../apps/api/src/db/schema/index.ts';
import { weeklyCounts } from '../apps/api/src/features/campaign-analytics/campaign-analytics.repository.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { testDbTarget } from '../apps/api/src/test/db.ts';
import { createOpportunities } from '../apps/api/src/test/factories.ts';
import { median, p95 } from './stats.ts';

const OPPORTUNITIES = 50;
const ORGANIZATION_CAMPAIGNS = 5;
const CANDIDATES = 100_000;
const VISIT_DAYS = 730;
const RUNS = 30;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function time(runs: number, warmup: number, run: () => Promise<unknown>) {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { median: median(times), p95: p95(times) };
}

async function main() {
  const t = await createTestApp();
  try {
    const db = t.database.db;
    console.log(
      `Database: ${testDbTarget === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server'}`,
    );
    const primary = await createUser(t.database, { role: 'client', primary: true });
    const organizationId = primary.organizationId!;
    const manager = await createUser(t.database, { role: 'client', organizationId });
    const primaryToken = await loginAs(t.app, primary.email, primary.password);
    const managerToken = await loginAs(t.app, manager.email, manager.password);
    const opportunityIds = (
      await createOpportunities(
        t.database,
        Array.from({ length: OPPORTUNITIES }, () => ({ organizationId })),
      )
    ).map((o) => o.id);
    await db
      .insert(s.opportunityManagers)
      .values(
        opportunityIds.slice(0, 5).map((opportunityId) => ({ opportunityId, userId: manager.id })),
      );
    const campaignIds = (
      await db
        .insert(s.campaigns)
        .values([
          ...opportunityIds.map((opportunityId, i) => ({
            slug: `bench-opportunity-${i}`,
            name: `Opportunity campaign ${i}`,
            kind: 'opportunity' as const,
            organizationId,
            opportunityId,
          })),
          ...Array.from({ length: ORGANIZATION_CAMPAIGNS }, (_, i) => ({
            slug: `bench-organization-${i}`,
            name: `Organization campaign ${i}`,
            kind: 'organization' as const,
            organizationId,
          })),
        ])
        .returning({ id: s.campaigns.id })
    ).map((c) => c.id);

    const seeded = performance.now();
    const campaignArray = sql.raw(`array[${campaignIds.join(',')}]::int[]`);
    const opportunityArray = sql.raw(`array[${opportunityIds.join(',')}]::int[]`);
    await db.execute(sql`
      insert into users (email, role, signup_campaign_id, created_at)
      select 'bench-' || g || '@example.test', 'candidate',
        case when g % 10 < 6 then (${campaignArray})[1 + g % ${campaignIds.length}] end,
        now() - (g % 700) * interval '1 day' - (g % 24) * interval '1 hour'
      from generate_series(1, ${CANDIDATES}) g`);
    // Two in three of an opportunity campaign's sign-ups apply to its opportunity; the rest,
    // and everyone else, to one of the 50.
    await db.execute(sql`
      insert into applications (candidate_id, opportunity_id, created_at)
      select u.id,
        coalesce(case when u.id % 3 <> 0 then c.opportunity_id end,
          (${opportunityArray})[1 + u.id % ${OPPORTUNITIES}]),
        u.created_at + (u.id % 20) * interval '1 day'
      from users u left join campaigns c on c.id = u.signup_campaign_id
      where u.email like 'bench-%'`);
    await db.execute(sql`
      insert into campaign_visits (campaign_id, day, visits)
      select c.id, d::date, 1 + (c.id * 31 + extract(doy from d)::int) % 40
      from campaigns c,
        generate_series(now() - interval '${sql.raw(String(VISIT_DAYS - 1))} days', now(), interval '1 day') d
      where c.organization_id = ${organizationId}`);
    // The tables as autovacuum leaves them in service: statistics, and pages marked all-visible
    // (index-only scans depend on it).
    await db.execute(sql`vacuum analyze`);
    const [counts] = (
      (await db.execute(sql`
        select (select count(*) from applications)::int as applications,
          (select count(*) from users where signup_campaign_id is not null)::int as sign_ups,
          (select count(*) from campaign_visits)::int as visit_rows`)) as unknown as {
        rows: { applications: number; sign_ups: number; visit_rows: number }[];
      }
    ).rows;
    console.log(
      `Seeded ${counts!.applications} applications, ${counts!.sign_ups} campaign sign-ups, ${counts!.visit_rows} visit rows in ${ms(performance.now() - seeded)}`,
    );

    const call = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/client/organization/analytics/campaigns?weeks=26',
        headers: bearer(token),
      });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return res.json() as { campaigns: unknown[] };
    };
    const primaryCall = await time(RUNS, 3, () => call(primaryToken));
    const managerCall = await time(RUNS, 3, () => call(managerToken));
    const reader = { organizationId, primary: true, userId: primary.id };
    const raw = await time(RUNS, 3, () => weeklyCounts(db, reader, '2024-11-18'));
    const shown = (await call(primaryToken)).campaigns.length;
    const managed = (await call(managerToken)).campaigns.length;
    const bytes = JSON.stringify(await call(primaryToken)).length;

    console.log(
      `\n${shown} campaigns for the primary (${bytes} bytes of JSON), ${managed} for the manager`,
    );
    console.log(
      `primary over HTTP    median ${ms(primaryCall.median)}  p95 ${ms(primaryCall.p95)}  (${RUNS} runs)`,
    );
    console.log(
      `manager over HTTP    median ${ms(managerCall.median)}  p95 ${ms(managerCall.p95)}  (${RUNS} runs)`,
    );
    console.log(
      `raw SQL (baseline)   median ${ms(raw.median)}  p95 ${ms(raw.p95)}  (${RUNS} runs)`,
    );
    console.log(`  ratio primary / raw ${(primaryCall.median / raw.median).toFixed(2)}`);
  } finally {
    await t.close();
  }
}

await main();
