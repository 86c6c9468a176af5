import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, createUser, type TestApp } from '../../test/build-app.ts';
import type { Actor } from '../auth/index.ts';
import {
  countApplications,
  createOpportunity,
  insertApplication,
} from './applications.factories.ts';
import { createApplicationsService } from './applications.service.ts';

// The apply use case called directly on the real database, losing the race for the unique index
// deterministically: another request's application lands between the check and the insert.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function actorFor(userId: number): Actor {
  return {
    userId,
    role: 'candidate',
    primary: false,
    sessionId: 'test-session',
    sessionExpiresAt: new Date(t.clock.now.getTime() + 3_600_000),
  };
}

/** The database, except that each transaction first runs `before` (a competing request). */
function racing(db: Db, before: () => Promise<void>): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          await before();
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

describe('apply, losing the race', () => {
  it('answers 409 with the winner, and writes nothing of its own', async () => {
    const candidate = await createUser(t.database, { role: 'candidate' });
    const o = await createOpportunity(t.database, { now: t.clock.now });
    let winner: number | undefined;
    const service = createApplicationsService({
      db: racing(t.database.db, async () => {
        winner = await insertApplication(t.database, {
          candidateId: candidate.id,
          opportunityId: o.opportunity.id,
          phaseId: o.phases[0]!.id,
          locationIds: [o.locations[1]!.id],
        });
      }),
      now: () => t.clock.now,
    });

    const error = await service
      .apply(actorFor(candidate.id), o.opportunity.id, { locations: [o.locations[0]!.id] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'conflict',
      status: 409,
      message: m.alreadyApplied,
      extra: { applicationId: winner },
    });
    expect(await countApplications(t.database, candidate.id, o.opportunity.id)).toBe(1);
  });

  it('applies normally when nobody competes', async () => {
    const candidate = await createUser(t.database, { role: 'candidate' });
    const o = await createOpportunity(t.database, { now: t.clock.now });
    const service = createApplicationsService({ db: t.database.db, now: () => t.clock.now });
    const application = await service.apply(actorFor(candidate.id), o.opportunity.id, {
      locations: [o.locations[0]!.id],
    });
    expect(application).toMatchObject({ status: 'Applied', phase: { order: 1 } });
  });
});
