import { actions } from '@pathways/shared/eligibility/actions';
import type { NotificationItem } from '@pathways/shared/notifications/notifications.schemas';
import { BECAME_ELIGIBLE, ONE_STEP_AWAY } from '@pathways/shared/notifications/notifications.rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunities } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { recomputeCandidate, recomputeOpportunity } from './eligibility.engine.ts';
import { createOpportunity, setProfile, signedIn, type Client } from './eligibility.factories.ts';

// The recomputation tells candidates what changed for them: that they now qualify for an open
// opportunity, or that one step of their own stands between them and it. Never twice, and a step
// taken takes its notice out of the bell.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function noticesOf(c: Client): Promise<NotificationItem[]> {
  const res = await c.get('/api/candidate/notifications?per=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const about = (items: NotificationItem[], type: string) => items.filter((n) => n.type === type);

/** A signed-in candidate past their first checks, which are where they start and tell nothing. */
async function candidate(profile: Parameters<typeof setProfile>[2]): Promise<Client> {
  const me = await signedIn(t);
  await setProfile(t.database, me.userId, profile);
  await createOpportunity(t.database, t.clock.now, { name: 'Open to everyone', criteria: [] });
  await recomputeCandidate(t.database.db, me.userId, t.clock.now);
  expect(await noticesOf(me)).toEqual([]);
  return me;
}

// In order: the first test counts every notice of a candidate without a driver's licence, so it
// runs before the others, each of which leaves an open opportunity asking for a licence that
// would be one step away for that candidate too.
describe('notices raised by the eligibility recomputation', { shuffle: false }, () => {
  it('tells a candidate one step away once, then that they qualify once', async () => {
    const me = await candidate({ driversLicense: null });
    const opportunity = await createOpportunity(t.database, t.clock.now, {
      name: 'Delivery driver',
      criteria: [{ kind: 'drivers_license' }],
    });

    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    let items = await noticesOf(me);
    const steps = about(items, ONE_STEP_AWAY);
    expect(steps).toHaveLength(1);
    expect(steps[0]!.description).toBe(
      `You are one step away from Delivery driver: ${actions.driversLicense().label}.`,
    );
    expect(steps[0]!.path).toBe(actions.driversLicense().resolutionPath);
    expect(about(items, BECAME_ELIGIBLE)).toHaveLength(0);

    await setProfile(t.database, me.userId, { driversLicense: true });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    items = await noticesOf(me);
    expect(about(items, BECAME_ELIGIBLE)).toEqual([
      expect.objectContaining({
        description: 'You now qualify for Delivery driver. Have a look and apply.',
        path: `/opportunities/${opportunity.id}`,
      }),
    ]);

    // The step is taken: the notice that named it has left the bell.
    expect(about(items, ONE_STEP_AWAY)).toEqual([]);

    // Losing and regaining it, even after dismissing the notice, does not tell it again.
    const became = about(items, BECAME_ELIGIBLE)[0]!;
    expect(
      (await me.patch(`/api/candidate/notifications/${became.id}`, { type: 'dismiss' })).statusCode,
    ).toBe(200);
    await setProfile(t.database, me.userId, { driversLicense: false });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    await setProfile(t.database, me.userId, { driversLicense: true });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    items = await noticesOf(me);
    expect(about(items, BECAME_ELIGIBLE)).toHaveLength(0);
    // Nor the step, one missing again in between: it was told once for this opportunity.
    expect(about(items, ONE_STEP_AWAY)).toHaveLength(0);
  });

  it('tells one step away only of opportunities near the candidate', async () => {
    // Lives in Johannesburg: Sandton is about 14 km away, Cape Town about 1 260 km.
    const me = await candidate({ driversLicense: null, latitude: -26.2041, longitude: 28.0473 });
    await createOpportunity(t.database, t.clock.now, {
      name: 'Sandton courier',
      criteria: [{ kind: 'drivers_license' }],
      places: [{ city: 'Sandton', latitude: -26.1076, longitude: 28.0567 }],
    });
    await createOpportunity(t.database, t.clock.now, {
      name: 'Cape Town courier',
      criteria: [{ kind: 'drivers_license' }],
      places: [{ city: 'Cape Town', latitude: -33.9249, longitude: 18.4241 }],
    });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    const steps = about(await noticesOf(me), ONE_STEP_AWAY).map((n) => n.description);
    expect(steps.filter((d) => d.includes('courier'))).toEqual([
      `You are one step away from Sandton courier: ${actions.driversLicense().label}.`,
    ]);
  });

  it('tells nothing about a draft, and tells a qualified candidate once it is published', async () => {
    const me = await candidate({ driversLicense: true });
    const opportunity = await createOpportunity(t.database, t.clock.now, {
      publishedAt: null,
      criteria: [{ kind: 'drivers_license' }],
    });
    await recomputeOpportunity(t.database.db, opportunity.id, t.clock.now);
    expect(await noticesOf(me)).toEqual([]);

    await t.database.db
      .update(opportunities)
      .set({ publishedAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(opportunities.id, opportunity.id));
    await recomputeOpportunity(t.database.db, opportunity.id, t.clock.now);
    await recomputeOpportunity(t.database.db, opportunity.id, t.clock.now);
    const items = await noticesOf(me);
    expect(items.map((n) => [n.type, n.path])).toEqual([
      [BECAME_ELIGIBLE, `/opportunities/${opportunity.id}`],
    ]);
  });

  it('says nothing when two requirements are missing', async () => {
    const me = await candidate({ driversLicense: null });
    await createOpportunity(t.database, t.clock.now, {
      name: 'Van driver',
      criteria: [{ kind: 'drivers_license' }],
    });
    await createOpportunity(t.database, t.clock.now, {
      name: 'Tour guide',
      criteria: [
        { kind: 'drivers_license' },
        { kind: 'languages', languages: [{ language: 'isiZulu' }] },
      ],
    });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    const items = await noticesOf(me);
    // The van driver's opportunity is one step away for this candidate.
    expect(about(items, ONE_STEP_AWAY).length).toBeGreaterThan(0);
    expect(items.filter((n) => n.description.includes('Tour guide'))).toEqual([]);
  });

  it("tells nothing on a new candidate's first checks, whatever they qualify for", async () => {
    const me = await signedIn(t);
    await setProfile(t.database, me.userId, { driversLicense: null });
    await createOpportunity(t.database, t.clock.now, {
      name: 'Courier',
      criteria: [{ kind: 'drivers_license' }],
    });
    await createOpportunity(t.database, t.clock.now, { name: 'Call centre', criteria: [] });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    expect(await noticesOf(me)).toEqual([]);

    // From then on a change tells: a new opportunity they qualify for.
    const later = await createOpportunity(t.database, t.clock.now, {
      name: 'Receptionist',
      criteria: [],
    });
    await recomputeCandidate(t.database.db, me.userId, t.clock.now);
    expect(about(await noticesOf(me), BECAME_ELIGIBLE).map((n) => n.path)).toEqual([
      `/opportunities/${later.id}`,
    ]);
  });
});
