// The cost of the limit on every signed-in request of a user (one counter upsert per request).
//
//   npm run bench:api-limit                        # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     npm run bench:api-limit                      # a PostgreSQL server (a scratch database)
//
// Two instances of the app on one database, one counting each signed-in request and one with the
// limit off, answer GET /api/candidate/candidate in process (inject) for the same candidate, in
// alternating rounds so both see the same machine. Reports the median time per request of each
// and their ratio. A benchmark is not a test: it reports, it never fails on a time.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import type { FastifyInstance } from 'fastify';

import {
  bearer,
  createTestApp,
  createUser,
  generousLimits,
  loginAs,
} from '../apps/api/src/test/build-app.ts';
import { createTestDatabase, testDbTarget } from '../apps/api/src/test/db.ts';
import { median } from './stats.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const ROUND = 100;

async function round(app: FastifyInstance, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < ROUND; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/candidate/candidate', headers });
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}`);
  }
  return (performance.now() - start) / ROUND;
}

async function main() {
  const database = await createTestDatabase();
  const shared = { ...database, drop: async () => {} };
  const counted = await createTestApp({
    database: shared,
    env: { ...generousLimits, RATE_LIMIT_API_PER_USER: '100000000/1m' },
  });
  const off = await createTestApp({
    database: shared,
    env: { ...generousLimits, RATE_LIMIT_API_PER_USER: 'off' },
  });
  try {
    const candidate = await createUser(database, { role: 'candidate' });
    const headers = bearer(await loginAs(counted.app, candidate.email, candidate.password));
    // Warm-up: both instances compile their routes and fill their statement caches.
    await round(counted.app, headers);
    await round(off.app, headers);
    const withLimit: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < REQUESTS / ROUND; i++) {
      withLimit.push(await round(counted.app, headers));
      without.push(await round(off.app, headers));
    }
    const a = median(withLimit);
    const b = median(without);
    console.log(
      `${testDbTarget}; ${cpus().length} cores; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; ${REQUESTS} requests each, in rounds of ${ROUND}`,
    );
    console.log(`with the per-user limit    ${a.toFixed(3)} ms per request (median of rounds)`);
    console.log(`without it                 ${b.toFixed(3)} ms per request`);
    console.log(`ratio                      ${(a / b).toFixed(2)}`);
  } finally {
    await off.close();
    await counted.close();
    await database.drop();
  }
}

await main();
