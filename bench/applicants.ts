// The applicant tracker at 10 000 applications of one opportunity.
//
//   npm run bench:applicants                       # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     npm run bench:applicants                     # a PostgreSQL server (a scratch database)
//
// Five measurements, reported as median and p95:
//   page      GET client/opportunities/{id}/applications?page=20&per=250 over HTTP (in process):
//             the route (count, page of ids, six queries for the rows) and the response's schema check;
//   rows      the same page without HTTP: the page's ids, the six queries, the rows built;
//   raw SQL   the baseline: one hand-written statement returning the same 250 rows as JSON,
//             straight to the database;
//   full load the 40 pages in turn, as the tracker loads them;
//   keystroke filterApplicants (a name typed) then sortApplicants over the 10 000 rows in memory.
// A benchmark is not a test: it reports, it never fails on a time.
import { performance } from 'node:perf_hooks';

import { filterApplicants, sortApplicants } from '@pathways/shared/applicants/applicants.rules';
import {
  DEFAULT_APPLICANT_SORT,
  type ApplicantPage,
  type ApplicantRow,
} from '@pathways/shared/applicants/applicants.schemas';
import { sql } from 'drizzle-orm';

import * as s from '../apps/api/src/db/schema/index.ts';
import { pageOfIds, withIds } from '../apps/api/src/features/applicants/applicants.repository.ts';
import { loadApplicantRows } from '../apps/api/src/features/applicants/applicants.service.ts';
import { createApplicantReference, insertApplicants } from '../apps/api/src/test/applicants.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { createOpportunities } from '../apps/api/src/test/factories.ts';
import { testDbTarget } from '../apps/api/src/test/db.ts';
import { median, p95 } from './stats.ts';

const APPLICATIONS = 10_000;
const PER = 250;
const PAGE = 20;
const RUNS = 30;
const FULL_RUNS = 5;
const KEYSTROKE_RUNS = 100;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function time(runs: number, warmup: number, run: () => Promise<unknown> | unknown) {
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
    const token = await loginAs(t.app, primary.email, primary.password);
    const [opportunity] = await createOpportunities(t.database, [
      {
        organizationId: primary.organizationId!,
        name: 'Bench workspace',
        locations: [
          { latitude: -33.92, longitude: 18.42 },
          { latitude: -26.2, longitude: 28.04 },
        ],
      },
    ]);
    const phaseIds = (
      await db
        .insert(s.phases)
        .values(
          ['Applied', 'Interview', 'Offer'].map((name, i) => ({
            opportunityId: opportunity!.id,
            name,
            initial: i === 0,
          })),
        )
        .returning({ id: s.phases.id })
    ).map((p) => p.id);
    const reference = await createApplicantReference(db);
    const seeded = performance.now();
    await insertApplicants(db, {
      opportunityId: opportunity!.id,
      count: APPLICATIONS,
      seed: 20261124,
      now: t.clock.now,
      phaseIds: [null, ...phaseIds],
      locationIds: opportunity!.locations.map((l) => l.id),
      reference,
      organizationId: primary.organizationId!,
    });
    await db.execute(sql`analyze`);
    console.log(`Seeded ${APPLICATIONS} applications in ${ms(performance.now() - seeded)}`);

    const url = (page: number) =>
      `/api/client/opportunities/${opportunity!.id}/applications?page=${page}&per=${PER}`;
    const get = async (page: number) => {
      const res = await t.app.inject({ method: 'GET', url: url(page), headers: bearer(token) });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return res.json() as ApplicantPage;
    };

    const page = await time(RUNS, 3, () => get(PAGE));
    const first = (await get(PAGE)).items;
    // The same page without HTTP: the id page, then the six queries and the rows built.
    const rowsOnly = await time(RUNS, 3, async () => {
      const ids = await pageOfIds(db, sql`${s.applications.opportunityId} = ${opportunity!.id}`, {
        page: PAGE,
        per: PER,
      });
      return loadApplicantRows(db, withIds(ids), primary.organizationId!);
    });

    // The baseline: the same page of rows, built by the database in one statement (the page is
    // cut first, so the per-row subqueries run for its 250 rows only).
    const offset = (PAGE - 1) * PER;
    const rawPage = () =>
      db.execute(sql`
        with a as (select * from applications where opportunity_id = ${opportunity!.id}
          order by id limit ${PER} offset ${offset})
        select a.id, a.opportunity_id, a.created_at, a.phase_id, a.regretted_at, a.archived_at,
          a.complete, a.completion, a.application_rating, e.eligible, e.referred_at,
          coalesce(p.first_names, u.first_name) as first_name,
          coalesce(p.last_name, u.last_name) as last_name, u.avatar, p.gender, p.ethnicity,
          p.born_at, p.latitude, p.longitude,
          (select coalesce(json_agg(json_build_object('id', q.id,
              'qualificationTypeId', q.qualification_type_id,
              'categoryId', q.qualification_category_id, 'institutionId', q.institution_id,
              'disciplineIds', array(select d.discipline_id from profile_qualification_disciplines d
                where d.profile_qualification_id = q.id order by 1),
              'startsAt', q.starts_at, 'endsAt', q.ends_at, 'gradeNormalized', q.grade_normalized,
              'verifiedAt', q.verified_at) order by q.id), '[]')
            from profile_qualifications q where q.profile_id = p.id) as qualifications,
          array(select l.opportunity_location_id from application_locations l
            where l.application_id = a.id order by 1) as locations,
          (select count(*) from chat_messages m join chats c on c.id = m.chat_id
            where c.application_id = a.id and m.read_at is null
              and m.sender_type = 'candidate') as unread_chats,
          exists (select 1 from flags f where f.candidate_id = a.candidate_id
            and f.organization_id = ${primary.organizationId!} and f.resolved_at is null) as reported,
          (select avg(r.aggregate) from assessment_results r where r.profile_id = p.id)
            as assessment_aggregate
        from a
        join users u on u.id = a.candidate_id
        left join candidate_profiles p on p.user_id = a.candidate_id
        left join eligibilities e on e.candidate_id = a.candidate_id
          and e.opportunity_id = a.opportunity_id
        order by a.id`);
    const raw = await time(RUNS, 3, rawPage);
    const rawRows = await rawPage();
    const rawCount = (rawRows as unknown as { rows: unknown[] }).rows.length;
    if (rawCount !== first.length) throw new Error(`raw SQL gave ${rawCount} rows`);

    let rows: ApplicantRow[] = [];
    const fullLoad = await time(FULL_RUNS, 1, async () => {
      rows = [];
      for (let p = 1; p <= APPLICATIONS / PER; p++) rows.push(...(await get(p)).items);
    });
    if (rows.length !== APPLICATIONS) throw new Error(`full load gave ${rows.length} rows`);

    const now = t.clock.now;
    let kept = 0;
    const keystroke = await time(KEYSTROKE_RUNS, 10, () => {
      kept = sortApplicants(
        filterApplicants(rows, { name: 'nk' }, now),
        DEFAULT_APPLICANT_SORT,
      ).length;
    });
    const sortOnly = await time(KEYSTROKE_RUNS, 10, () =>
      sortApplicants(rows, { key: 'profile.lastName.sort', direction: 'asc' }),
    );

    const bytes = JSON.stringify(await get(PAGE)).length;
    console.log(
      `\n${APPLICATIONS} applications, pages of ${PER} (one page: ${bytes} bytes of JSON)`,
    );
    console.log(
      `page ${PAGE} over HTTP     median ${ms(page.median)}  p95 ${ms(page.p95)}  (${RUNS} runs)`,
    );
    console.log(
      `rows, no HTTP        median ${ms(rowsOnly.median)}  p95 ${ms(rowsOnly.p95)}  (${RUNS} runs)`,
    );
    console.log(
      `raw SQL (baseline)   median ${ms(raw.median)}  p95 ${ms(raw.p95)}  (${RUNS} runs)`,
    );
    console.log(`  ratio page / raw   ${(page.median / raw.median).toFixed(2)}`);
    console.log(
      `full load (40 pages) median ${ms(fullLoad.median)}  p95 ${ms(fullLoad.p95)}  (${FULL_RUNS} runs)`,
    );
    console.log(
      `keystroke "nk"       median ${ms(keystroke.median)}  p95 ${ms(keystroke.p95)}  (${KEYSTROKE_RUNS} runs, ${kept} kept)`,
    );
    console.log(
      `sort all by surname  median ${ms(sortOnly.median)}  p95 ${ms(sortOnly.p95)}  (${KEYSTROKE_RUNS} runs)`,
    );
  } finally {
    await t.close();
  }
}

await main();
