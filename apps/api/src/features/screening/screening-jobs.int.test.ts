import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp, outboxDir } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { applications } from '../../db/schema/index.ts';
import { readOutbox } from '../../lib/mailer.ts';
import { bearer, createUser, loginAs } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createOpportunities } from '../../test/factories.ts';
import { startWorker } from '../../worker.ts';

// The regret e-mail through a real pg-boss queue: an API process that only queues it (as in
// production) and the worker (`npm run worker`) that sends it.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let database: TestDatabase;
let dataDir: string;
const started: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'pathways-screening-jobs-'));
});
afterAll(async () => {
  for (const s of started.reverse()) await s.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: join(dataDir, 'no-web'),
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  });

describe('the regret e-mail', () => {
  it('is queued by the API and sent by the worker', async () => {
    const api = await buildApp({ config: config(), database, logger: false, jobs: 'queue' });
    await api.ready();
    started.push({ close: () => api.close() });

    const primary = await createUser(database, { role: 'client', primary: true });
    const candidate = await createUser(database, { role: 'candidate' });
    const [opportunity] = await createOpportunities(database, [
      { organizationId: primary.organizationId!, name: 'Logistics Learnership' },
    ]);
    const [application] = await database.db
      .insert(applications)
      .values({ candidateId: candidate.id, opportunityId: opportunity!.id })
      .returning();

    const res = await api.inject({
      method: 'PATCH',
      url: `/api/client/opportunities/${opportunity!.id}/applications/${application!.id}/regret`,
      headers: bearer(await loginAs(api, primary.email, primary.password)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sentTo = async () =>
      (await readOutbox(outboxDir(config()))).filter((m) => m.to === candidate.email);
    // Nobody works in this API process.
    expect(await sentTo()).toEqual([]);

    const worker = await startWorker({
      config: config(),
      database,
      log: pino({ level: 'silent' }),
    });
    started.push({ close: () => worker.stop() });
    await vi.waitFor(
      async () =>
        expect((await sentTo()).map((m) => m.subject)).toEqual([
          'Your application for Logistics Learnership',
        ]),
      { timeout: 25_000, interval: 200 },
    );
  });
});
