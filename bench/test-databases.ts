// A test file's database: migrated from nothing (how every integration test file started before)
// against copied from one database migrated once per run (how they start now).
//
//   node bench/test-databases.ts                       # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/test-databases.ts                     # a PostgreSQL server
//
// The two ways alternate, RUNS times each (default 12), so a machine that slows down during the
// run slows both alike; each figure is the time until the database answers a query, closed and
// dropped after (not timed). Reported as median and p95 in ms, and the ratio of the medians.
//   PGlite   migrate: a new PGlite with every migration applied
//            image:   a PGlite loaded from the tarball of a migrated data directory
//   server   migrate: CREATE DATABASE, then every migration
//            template: CREATE DATABASE … TEMPLATE a migrated database
// A benchmark is not a test: it reports, it never fails on a time.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import {
  adminQuery,
  copyDatabase,
  createMigratedDatabase,
  dropDatabase,
  loadPgliteImage,
  migratedPglite,
  migratedPgliteImage,
  testDbTarget,
} from '../apps/api/src/test/db-target.ts';
import { median, p95 } from './stats.ts';

const RUNS = Number(process.env.RUNS ?? 12);

async function timed(fn: () => Promise<() => Promise<void>>): Promise<number> {
  const start = performance.now();
  const close = await fn();
  const ms = performance.now() - start;
  await close();
  return ms;
}

const ways: Record<string, () => Promise<() => Promise<void>>> = {};
let cleanup = async () => {};
let n = 0;
const name = (kind: string) => `pathways_bench_${kind}_${process.pid}_${(n += 1)}`;

if (testDbTarget === 'pglite') {
  const image = await migratedPgliteImage();
  ways.migrate = async () => {
    const pglite = await migratedPglite();
    await pglite.query('select 1');
    return () => pglite.close();
  };
  ways.image = async () => {
    const pglite = await loadPgliteImage(image);
    await pglite.query('select 1');
    return () => pglite.close();
  };
} else {
  const template = name('template');
  await createMigratedDatabase(template);
  cleanup = () => adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  ways.migrate = async () => {
    const db = name('migrate');
    await createMigratedDatabase(db);
    return () => dropDatabase(db);
  };
  ways.template = async () => {
    const db = name('copy');
    await copyDatabase(db, template);
    return () => dropDatabase(db);
  };
}

const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
// One of each first, not counted: the first start loads code and warms caches.
for (const way of Object.values(ways)) await timed(way);
const loadBefore = loadavg()[0]!;
for (let run = 0; run < RUNS; run += 1) {
  for (const [key, way] of Object.entries(ways)) times[key]!.push(await timed(way));
}
const loadAfter = loadavg()[0]!;
await cleanup();

console.log(`target: ${testDbTarget}, ${RUNS} runs each, alternated`);
console.log(`load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
const [baseline, candidate] = Object.keys(ways) as [string, string];
for (const key of [baseline, candidate]) {
  const t = times[key]!;
  console.log(
    `${key.padEnd(9)} median ${median(t).toFixed(0).padStart(6)} ms   p95 ${p95(t).toFixed(0).padStart(6)} ms`,
  );
}
console.log(
  `${candidate} / ${baseline}: ${(median(times[candidate]!) / median(times[baseline]!)).toFixed(2)} of the median`,
);
