import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp, outboxDir } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { applications, notifications, phases } from '../../db/schema/index.ts';
import { readOutbox } from '../../lib/mailer.ts';
import { bearer, createUser, generousLimits, loginAs } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createOpportunities } from '../../test/factories.ts';
import { startWorker } from '../../worker.ts';
import { screeningQueues } from './screening.jobs.ts';

// The screening e-mails through a real pg-boss queue: an API process that only queues them (as
// in production) and the worker (`npm run worker`) that sends them, or an API that works its own
// queue (the embedded database).

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

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: join(dataDir, 'no-web'),
    ...generousLimits,
    ...env,
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

describe('the phase move e-mail', () => {
  it('waits out the undo window: an undone move sends nothing, quick moves send one about where they ended', async () => {
    // Long enough for a move and its undo to reach the API before the move's e-mail is due.
    const cfg = config({ PHASE_MOVE_MAIL_DELAY_MS: '3000' });
    const api = await buildApp({ config: cfg, database, logger: false, jobs: 'work' });
    await api.ready();
    started.push({ close: () => api.close() });

    const primary = await createUser(database, { role: 'client', primary: true });
    const [opportunity] = await createOpportunities(database, [
      { organizationId: primary.organizationId!, name: 'Data Science Bursary' },
    ]);
    const id = opportunity!.id;
    const [applied, screening, interview] = await database.db
      .insert(phases)
      .values([
        { opportunityId: id, name: 'Applied', initial: true },
        { opportunityId: id, name: 'Screening' },
        { opportunityId: id, name: 'Interview' },
      ])
      .returning();
    await database.db
      .update(phases)
      .set({ nextPhaseId: screening!.id })
      .where(eq(phases.id, applied!.id));
    await database.db
      .update(phases)
      .set({ nextPhaseId: interview!.id })
      .where(eq(phases.id, screening!.id));
    const applicant = async () => {
      const candidate = await createUser(database, { role: 'candidate' });
      const [row] = await database.db
        .insert(applications)
        .values({ candidateId: candidate.id, opportunityId: id, phaseId: applied!.id })
        .returning();
      return { email: candidate.email, candidateId: candidate.id, id: row!.id };
    };
    const undone = await applicant();
    const movedTwice = await applicant();
    const moved = await applicant();

    const headers = bearer(await loginAs(api, primary.email, primary.password));
    const move = async (phaseId: number, ids: number[]) => {
      const res = await api.inject({
        method: 'POST',
        url: `/api/client/opportunities/${id}/applications/assign`,
        headers,
        payload: { phaseId, opportunityApplicationIds: ids },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await move(screening!.id, [undone.id]);
    await move(applied!.id, [undone.id]);
    await move(screening!.id, [movedTwice.id, moved.id]);
    await move(interview!.id, [movedTwice.id]);

    const waiting = async () => {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from pgboss.job
            where name = ${screeningQueues.moveMails} and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    const subjectsTo = async (to: string) =>
      (await readOutbox(outboxDir(cfg))).filter((m) => m.to === to).map((m) => m.subject);
    await vi.waitFor(
      async () => {
        expect(await subjectsTo(moved.email)).toEqual([
          'Your application for Data Science Bursary: Screening',
        ]);
        expect(await waiting()).toBe(0);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(await subjectsTo(movedTwice.email)).toEqual([
      'Your application for Data Science Bursary: Interview',
    ]);
    expect(await subjectsTo(undone.email)).toEqual([]);
    // The bell menu tells the same, at the same time.
    const bell = async (candidateId: number) =>
      (
        await database.db
          .select({ description: notifications.description })
          .from(notifications)
          .where(eq(notifications.userId, candidateId))
      ).map((n) => n.description.replace(/^.* to the next step: /, ''));
    expect(await bell(moved.candidateId)).toEqual(['Screening.']);
    expect(await bell(movedTwice.candidateId)).toEqual(['Interview.']);
    expect(await bell(undone.candidateId)).toEqual([]);
  }, 60_000);
});
