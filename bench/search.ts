// Opportunity search latency at 100 000 opportunity locations.
//
//   node bench/search.ts                                   # throwaway in-memory PGlite
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/search.ts
//                                                          # and a throwaway server database
//
// Generates a deterministic data set (1 000 organizations, 40 000 opportunities, 100 000
// locations clustered around South African towns by population), then measures, for searches
// near Cape Town:
//   - the API: GET /api/opportunities (and the map) through app.inject, whole request: access
//     hook, zod parsing, the service's queries, mapping, zod serialization;
//   - the raw SQL the API runs for the same page (the count and the index walk), executed
//     directly, and the bare nearest-25 KNN query (GiST on ll_to_earth, ordered by <->) as the
//     floor.
// Reports median and p95 of each after a warm-up. A benchmark is not a test: it never fails
// on a time. BENCH_LOCATIONS and BENCH_ITERATIONS change the size.
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

import { createPglite, openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { places } from '../apps/api/src/seed/data/places.ts';
import {
  countMatching,
  firstBatch,
  nearestWalkSql,
} from '../apps/api/src/features/opportunities/search.repository.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 100_000);
const OPPORTUNITIES = Math.round(LOCATIONS / 2.5);
const ORGANIZATIONS = 1_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };
const NOW = new Date();

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows with their ids, 10 000 a statement, through json_populate_recordset. */
async function insertJson(database: Database, table: string, columns: string, rows: object[]) {
  const [t, c] = [sql.raw(table), sql.raw(columns)];
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = JSON.stringify(rows.slice(i, i + 10_000));
    await database.db.execute(
      sql`insert into ${t} (${c}) overriding system value
        select ${c} from json_populate_recordset(null::${t}, ${chunk}::json)`,
    );
  }
}

/** The data set: the same on every run and on both engines. */
async function generate(database: Database): Promise<void> {
  const rng = random(100_000);
  const day = 86_400_000;
  const at = (days: number) => new Date(NOW.getTime() + days * day).toISOString();
  const sectors = ['Bank', 'Mining', 'Telecom', 'Retail', 'Attorneys', 'Engineering', 'Health'];
  const organizations = Array.from({ length: ORGANIZATIONS }, (_, i) => ({
    id: i + 1,
    name: `${sectors[i % sectors.length]} Group ${i + 1}`,
    slug: `bench-org-${i + 1}`,
  }));
  const roles = ['Graduate Programme', 'Bursary', 'Internship', 'Learnership', 'Scholarship'];
  const fields = ['Engineering', 'Accounting', 'Law', 'IT', 'Nursing', 'Data Science', 'Sales'];
  const kinds = ['job', 'bursary', 'scholarship'] as const;
  const opportunities = Array.from({ length: OPPORTUNITIES }, (_, i) => {
    const p = rng();
    const opens = Math.floor(rng() * 80) - 60;
    return {
      id: i + 1,
      organization_id: 1 + Math.floor(rng() * ORGANIZATIONS),
      kind: kinds[Math.floor(rng() * 3)],
      name: `${roles[Math.floor(rng() * roles.length)]}: ${fields[Math.floor(rng() * fields.length)]} ${i + 1}`,
      published_at: p < 0.9 ? at(-90 + Math.floor(rng() * 89)) : p < 0.95 ? null : at(5),
      opens_at: at(opens),
      closes_at: at(opens + 5 + Math.floor(rng() * 85)),
    };
  });
  // Towns weighted by population; a location lies within about 15 km of its town.
  const weights = places.map((p) => p.population ?? 60_000);
  const sum = weights.reduce((a, b) => a + b, 0);
  const pickPlace = () => {
    let r = rng() * sum;
    for (let i = 0; i < places.length; i += 1) {
      r -= weights[i]!;
      if (r <= 0) return places[i]!;
    }
    return places[places.length - 1]!;
  };
  const locations = Array.from({ length: LOCATIONS }, (_, i) => {
    const place = pickPlace();
    return {
      id: i + 1,
      opportunity_id: 1 + Math.floor(rng() * OPPORTUNITIES),
      address: `${1 + Math.floor(rng() * 300)} Main Road, ${place.city}`,
      city: place.city,
      province: place.province,
      latitude: place.latitude + (rng() + rng() - 1) * 0.15,
      longitude: place.longitude + (rng() + rng() - 1) * 0.15,
    };
  });
  await insertJson(database, 'organizations', 'id, name, slug', organizations);
  await insertJson(
    database,
    'opportunities',
    'id, organization_id, kind, name, published_at, opens_at, closes_at',
    opportunities,
  );
  await insertJson(
    database,
    'opportunity_locations',
    'id, opportunity_id, address, city, province, latitude, longitude',
    locations,
  );
  // A settled table, as autovacuum leaves it on a server (visibility map set).
  await database.db.execute(sql`vacuum analyze`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * Runs every query in turn, round after round, so load from other processes on this shared
 * machine falls on all of them alike; then the median and p95 of each.
 */
async function measureAll(runs: [string, () => Promise<unknown>][]) {
  for (const [, run] of runs) for (let i = 0; i < WARMUP; i += 1) await run();
  const times = runs.map(() => [] as number[]);
  for (let i = 0; i < ITERATIONS; i += 1) {
    for (const [k, [, run]] of runs.entries()) {
      const start = performance.now();
      await run();
      times[k]!.push(performance.now() - start);
    }
  }
  return runs.map(([name], k) => {
    const sorted = times[k]!.sort((a, b) => a - b);
    return { name, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  });
}

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function bench(label: string, database: Database & { drop(): Promise<void> }) {
  const started = performance.now();
  await database.migrate();
  await generate(database);
  const [{ version } = { version: '?' }] = await rows<{ version: string }>(
    database,
    sql`select version()`,
  );
  const generatedIn = ((performance.now() - started) / 1000).toFixed(1);
  const t = await createTestApp({ database });
  t.clock.now = NOW;
  const user = await createUser(t.database, { role: 'candidate' });
  const token = await loginAs(t.app, user.email, user.password);
  const at = `latitude=${CAPE_TOWN.latitude}&longitude=${CAPE_TOWN.longitude}`;
  const get = (url: string, auth?: string) => async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth ? bearer(auth) : {} });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };

  // The raw SQL of page 1 near Cape Town (per 25): the count, then the index walk.
  const scope = { now: NOW, filters: {} };
  const paging = { limit: 25, offset: 0 };
  const counts = await countMatching(database.db, scope);
  const walk = nearestWalkSql(scope, CAPE_TOWN, paging, firstBatch(paging, counts));
  const knn = sql`select id from opportunity_locations
    order by ll_to_earth(latitude, longitude) <-> ll_to_earth(${CAPE_TOWN.latitude}::float8, ${CAPE_TOWN.longitude}::float8)
    limit 25`;

  const runs: [string, () => Promise<unknown>][] = [];
  const add = (name: string, run: () => Promise<unknown>) => runs.push([name, run]);
  add('raw SQL: nearest 25 locations (GiST KNN only)', () => rows(database, knn));
  add('raw SQL: page 1 walk (first batch)', () => rows(database, walk));
  add('raw SQL: count of matches', () => countMatching(database.db, scope));
  add('raw SQL: count + walk (what page 1 runs)', async () => {
    await countMatching(database.db, scope);
    await rows(database, walk);
  });
  add('API: page 1, per 25 (default)', get(`/api/opportunities?${at}`));
  add('API: page 1, per 10 (the UI)', get(`/api/opportunities?${at}&per=10`));
  add('API: page 20, per 10', get(`/api/opportunities?${at}&per=10&page=20`));
  add(
    'API: bursaries open now, per 10',
    get(`/api/opportunities?${at}&per=10&kind=bursary&open=true`),
  );
  add(
    'API: search "engineering", per 10',
    get(`/api/opportunities?${at}&per=10&search=engineering`),
  );
  add(
    'API: candidate, eligibility shown, per 10',
    get(`/api/candidate/opportunities?${at}&per=10`, token),
  );
  add('API: no coordinates (newest first), per 10', get('/api/opportunities?per=10'));
  add(
    'API: map, nearest 500 locations',
    get(
      `/api/candidate/opportunity_locations?geoCenter=${CAPE_TOWN.latitude},${CAPE_TOWN.longitude}`,
      token,
    ),
  );
  const results = await measureAll(runs);
  await t.close();

  console.log(`\n### ${label}\n`);
  console.log(
    `${version.split(',')[0]}; ${counts.published} published of ${OPPORTUNITIES} opportunities, ${LOCATIONS} locations; generated in ${generatedIn} s; ${ITERATIONS} rounds of every query after ${WARMUP} warm-up runs each.\n`,
  );
  console.log('| query | p50 ms | p95 ms |');
  console.log('| --- | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} |`);
  }
}

console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);

const pglite = await openDatabase({ kind: 'pglite', pglite: await createPglite() });
await bench('PGlite (in-process, in memory)', { ...pglite, drop: () => pglite.close() });

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `pathways_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
  try {
    await bench('PostgreSQL server (localhost)', {
      ...server,
      drop: async () => {
        await server.close();
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    });
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}
