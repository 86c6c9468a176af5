import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { applications, opportunityManagers } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { bearer, createUser, generousLimits, loginAs } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createOpportunities } from '../../test/factories.ts';
import { interviewQueues } from './interviews.service.ts';

// The e-mails of times offered and of a request for other times go through the job queue, as
// the invitations do: with a mail server that never answers, the requests still answer at once,
// and each e-mail waits in the queue (one job a recipient, retried when a send fails) for a
// worker, so neither a slow server nor a crash of the API loses it.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let database: TestDatabase;
let dataDir: string;
let api: Awaited<ReturnType<typeof buildApp>>;
let sendsStarted = 0;

/** A mail server that takes every message and never answers. */
const hangingMailer: Mailer = {
  kind: 'smtp',
  send: () => {
    sendsStarted += 1;
    return new Promise<void>(() => undefined);
  },
  close: () => undefined,
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'pathways-interview-mails-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: join(dataDir, 'no-web'),
    ...generousLimits,
  });
  api = await buildApp({ config, database, logger: false, jobs: 'queue', mailer: hangingMailer });
  await api.ready();
});

afterAll(async () => {
  await api?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function queued(name: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'created'`,
  )) as unknown as { rows?: { n: number }[] } & { n: number }[];
  return ((result.rows ?? result) as { n: number }[])[0]!.n;
}

describe('interview e-mails through the queue', () => {
  it('answers an offer and a request for other times at once, the e-mails waiting in the queue', async () => {
    const primary = await createUser(database, { role: 'client', primary: true });
    const manager = await createUser(database, {
      role: 'client',
      organizationId: primary.organizationId!,
    });
    const [opportunity] = await createOpportunities(database, [
      { organizationId: primary.organizationId!, name: 'Audit Trainee' },
    ]);
    await database.db
      .insert(opportunityManagers)
      .values({ opportunityId: opportunity!.id, userId: manager.id });
    const candidates = [
      await createUser(database, { role: 'candidate' }),
      await createUser(database, { role: 'candidate' }),
    ];
    const rows = await database.db
      .insert(applications)
      .values(candidates.map((c) => ({ candidateId: c.id, opportunityId: opportunity!.id })))
      .returning();
    const token = await loginAs(api, primary.email, primary.password);
    const startsAt = new Date(Date.now() + 5 * 24 * 3600_000);
    startsAt.setUTCHours(9, 0, 0, 0);

    const offered = await api.inject({
      method: 'POST',
      url: `/api/client/opportunities/${opportunity!.id}/interview_offers`,
      headers: bearer(token),
      payload: {
        applicationIds: rows.map((r) => r.id),
        slots: [
          {
            startsAt: startsAt.toISOString(),
            durationMinutes: 30,
            place: { kind: 'address', address: '1 Main Road' },
            interviewers: [{ userId: manager.id }],
          },
        ],
      },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    expect(sendsStarted).toBe(0);
    expect(await queued(interviewQueues.offerMail)).toBe(2);

    const offerId = (
      offered.json() as { items: { id: number; applicationId: number }[] }
    ).items.find((o) => o.applicationId === rows[0]!.id)!.id;
    const candidateToken = await loginAs(api, candidates[0]!.email, candidates[0]!.password);
    const asked = await api.inject({
      method: 'POST',
      url: `/api/candidate/interview_offers/${offerId}/other_times`,
      headers: bearer(candidateToken),
      payload: { message: 'Any afternoon next week' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(sendsStarted).toBe(0);
    expect(await queued(interviewQueues.otherTimesMail)).toBe(1);
  });
});
