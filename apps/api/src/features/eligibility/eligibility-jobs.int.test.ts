import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { eligibilities } from '../../db/schema/index.ts';
import { startJobs, type Jobs, type JobsMode } from '../../lib/jobs.ts';
import { bearer, createUser, generousLimits, loginAs } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { startWorker } from '../../worker.ts';
import { createOpportunity, setProfile } from './eligibility.factories.ts';
import {
  eligibilityJobs,
  eligibilityQueues,
  requestEligibilityRecompute,
} from './eligibility.jobs.ts';

// The recomputation through real pg-boss queues (PGlite's adapter, or a PostgreSQL server):
// an API process that works its own jobs (the embedded mode), and one that only queues them
// while the worker (`npm run worker`) works them.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const silent = pino({ level: 'silent' });
let database: TestDatabase;
let dataDir: string;
const started: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'pathways-jobs-'));
});
afterAll(async () => {
  for (const s of started.reverse()) await s.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function app(jobs: JobsMode): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: join(dataDir, 'no-web'),
    ...generousLimits,
  });
  const instance = await buildApp({ config, database, logger: false, jobs });
  await instance.ready();
  started.push({ close: () => instance.close() });
  return instance;
}

async function signIn(instance: FastifyInstance, role: 'candidate' | 'admin') {
  const user = await createUser(database, { role });
  return { id: user.id, headers: bearer(await loginAs(instance, user.email, user.password)) };
}

const stored = async (candidateId: number, opportunityId: number) =>
  (
    await database.db
      .select()
      .from(eligibilities)
      .where(
        and(
          eq(eligibilities.candidateId, candidateId),
          eq(eligibilities.opportunityId, opportunityId),
        ),
      )
  )[0];

/** Waits for the queue to get to it: never a timing assertion, only a generous upper bound. */
const eventually = <T>(check: () => Promise<T>) =>
  vi.waitFor(check, { timeout: 25_000, interval: 200 });

describe('jobs worked in the API process (embedded mode)', () => {
  it('recomputes an opportunity after an admin change, and a candidate after a profile change', async () => {
    const api = await app('work');
    const admin = await signIn(api, 'admin');
    const candidate = await signIn(api, 'candidate');
    await setProfile(database, candidate.id, { driversLicense: true });
    const opportunity = await createOpportunity(database, new Date());

    const res = await api.inject({
      method: 'POST',
      url: '/api/admin/requirements',
      headers: admin.headers,
      payload: {
        requirement: { opportunityId: opportunity.id, criterion: { kind: 'drivers_license' } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () =>
      expect(await stored(candidate.id, opportunity.id)).toMatchObject({ eligible: true }),
    );

    // Another process queues the candidate's recomputation after a profile change.
    const queue = await startJobs(
      { database, log: silent },
      eligibilityJobs({ db: database.db, now: () => new Date(), log: silent }),
      'queue',
    );
    started.push({ close: () => queue.stop() });
    await setProfile(database, candidate.id, { driversLicense: false });
    await requestEligibilityRecompute(queue, { candidateId: candidate.id });
    await eventually(async () =>
      expect(await stored(candidate.id, opportunity.id)).toMatchObject({ eligible: false }),
    );
    // Closing the app stops its workers (the tests below must not have them).
    await api.close();
  });
});

// Two steps in order: the first starts the API that only queues, the second signs in to it.
describe('jobs queued by the API and worked by the worker', { shuffle: false }, () => {
  let queueOnly: FastifyInstance;
  let worker: Jobs | undefined;

  it('keeps one waiting job per candidate however often the profile changes', async () => {
    queueOnly = await app('queue');
    const queue = await startJobs(
      { database, log: silent },
      eligibilityJobs({ db: database.db, now: () => new Date(), log: silent }),
      'queue',
    );
    started.push({ close: () => queue.stop() });
    const candidate = await createUser(database, { role: 'candidate' });
    for (let i = 0; i < 5; i++)
      await requestEligibilityRecompute(queue, { candidateId: candidate.id });
    const waiting = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${eligibilityQueues.candidate} and singleton_key = ${`candidate:${candidate.id}`} and state = 'created'`,
    )) as unknown as { rows?: { n: number }[] } & { n: number }[];
    const rows = waiting.rows ?? waiting;
    expect((rows as { n: number }[])[0]!.n).toBe(1);
  });

  it('leaves the work to the worker', async () => {
    const admin = await signIn(queueOnly, 'admin');
    const candidate = await createUser(database, { role: 'candidate' });
    await setProfile(database, candidate.id, { bornAt: '2001-01-01' });
    const opportunity = await createOpportunity(database, new Date());
    const res = await queueOnly.inject({
      method: 'POST',
      url: '/api/admin/requirements',
      headers: admin.headers,
      payload: {
        requirement: { opportunityId: opportunity.id, criterion: { kind: 'age', maximum: 60 } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Nobody works in this API process.
    expect(await stored(candidate.id, opportunity.id)).toBeUndefined();

    worker = await startWorker({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      database,
      log: silent,
    });
    started.push({ close: () => worker!.stop() });
    await eventually(async () =>
      expect(await stored(candidate.id, opportunity.id)).toMatchObject({ eligible: true }),
    );
  });
});
