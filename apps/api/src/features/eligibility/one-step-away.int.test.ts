import { actions } from '@pathways/shared/eligibility/actions';
import type { NotificationItem } from '@pathways/shared/notifications/notifications.schemas';
import {
  BECAME_ELIGIBLE,
  ONE_STEP_AWAY,
  ONE_STEP_AWAY_LIMIT,
  ONE_STEP_AWAY_PERIOD_DAYS,
} from '@pathways/shared/notifications/notifications.rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunities } from '../../db/schema/index.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import {
  asClient,
  createOpportunity,
  DAY,
  setProfile,
  type Client,
} from './eligibility.factories.ts';

// A new candidate near many opportunities that each miss one step of theirs: the bell tells a
// few real near misses, the nearest, one per step, never the same opportunity twice, and takes a
// notice away once its step is done. Driven as the candidate drives it: each profile write
// rechecks their eligibility (the job runs inline here) and the bell is read over HTTP.

let t: TestApp;
let me: Client;
let user: Awaited<ReturnType<typeof createUser>>;
const home = { latitude: -26.2041, longitude: 28.0473 }; // Johannesburg
/** A place about `km` kilometres north of home. */
const north = (km: number, city: string) => ({
  latitude: home.latitude + km / 111.2,
  longitude: home.longitude,
  city,
});

/** The steps a new candidate's empty profile leaves, and a requirement that asks for each. */
const steps = {
  licence: {
    criterion: { kind: 'drivers_license' },
    path: actions.driversLicense().resolutionPath,
  },
  language: {
    criterion: { kind: 'languages', languages: [{ language: 'isiZulu' }] },
    path: actions.languages().resolutionPath,
  },
  age: { criterion: { kind: 'age', minimum: 18 }, path: actions.dateOfBirth().resolutionPath },
  workRights: {
    criterion: { kind: 'work_rights', countries: ['ZA'] },
    path: actions.workRights().resolutionPath,
  },
};
type Step = keyof typeof steps;
/** The opportunities made, by step, nearest first. */
const made: Record<Step, { id: number; name: string; km: number }[]> = {
  licence: [],
  language: [],
  age: [],
  workRights: [],
};

async function bell(): Promise<NotificationItem[]> {
  const res = await me.get('/api/candidate/notifications?per=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
async function saveProfile(profile: Record<string, unknown>) {
  const res = await me.patch('/api/candidate/profile', { profile });
  expect(res.statusCode, res.body).toBe(200);
}
const oneStep = async () => (await bell()).filter((n) => n.type === ONE_STEP_AWAY);
const named = (items: NotificationItem[]) =>
  items.map((n) => /one step away from (.+):/.exec(n.description)?.[1]).sort();

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database, { role: 'candidate' });
  me = asClient(t, user, await loginAs(t.app, user.email, user.password));
  await setProfile(t.database, me.userId, { ...home, driversLicense: null, bornAt: null });
  // The first checks are where a new candidate starts: they tell nothing.
  await createOpportunity(t.database, t.clock.now, { name: 'Open to everyone', criteria: [] });
  await saveProfile({ firstNames: 'Lerato' });
  expect(await bell()).toEqual([]);

  // Twelve near misses around the candidate: the nearest asks for a licence (1 km), then a
  // language (2 km), then an age (3 km), then work rights (4 km); three of each in all.
  const order: Step[] = ['licence', 'language', 'age', 'workRights'];
  for (let round = 0; round < 3; round += 1) {
    for (const [i, step] of order.entries()) {
      const km = 1 + i + round * 10;
      const name = `${step} ${round}`;
      const { id } = await createOpportunity(t.database, t.clock.now, {
        name,
        criteria: [steps[step].criterion],
        places: [north(km, `Town ${km}`)],
      });
      made[step].push({ id, name, km });
    }
  }
});
afterAll(async () => {
  await t?.close();
});

describe('one step away', { shuffle: false }, () => {
  it('tells a few near misses, the nearest, one per step, not a flood', async () => {
    await saveProfile({ lastName: 'Dlamini' });
    const told = await oneStep();
    expect(told).toHaveLength(ONE_STEP_AWAY_LIMIT);
    expect(named(told)).toEqual(['age 0', 'language 0', 'licence 0']);
    expect(new Set(told.map((n) => n.path))).toEqual(
      new Set([steps.licence.path, steps.language.path, steps.age.path]),
    );

    // Checked again after more changes, the bell does not grow.
    await saveProfile({ firstNames: 'Lerato Naledi' });
    await saveProfile({ biography: 'Studying logistics.' });
    expect(named(await oneStep())).toEqual(['age 0', 'language 0', 'licence 0']);
  });

  it('takes a notice away once its step is done', async () => {
    await saveProfile({ driversLicense: true });
    const items = await bell();
    expect(named(items.filter((n) => n.type === ONE_STEP_AWAY))).toEqual(['age 0', 'language 0']);
    // What the step opened is told instead.
    expect(items.filter((n) => n.type === BECAME_ELIGIBLE).map((n) => n.path)).toEqual(
      expect.arrayContaining(made.licence.map((o) => `/opportunities/${o.id}`)),
    );
  });

  it('takes a notice away once its opportunity closes', async () => {
    await t.database.db
      .update(opportunities)
      .set({ closesAt: new Date(t.clock.now.getTime() - 60_000) })
      .where(eq(opportunities.id, made.age[0]!.id));
    await saveProfile({ biography: 'Studying logistics.' });
    expect(named(await oneStep())).toEqual(['language 0']);
  });

  it('tells the next near misses a period later, never an opportunity twice', async () => {
    t.clock.advance((ONE_STEP_AWAY_PERIOD_DAYS + 1) * DAY);
    // A week later the candidate signs in again.
    me = asClient(t, user, await loginAs(t.app, user.email, user.password));
    await saveProfile({ biography: 'Studying logistics at Wits, in Johannesburg.' });
    const told = named(await oneStep());
    // The language step is still in the bell: not named again. Work rights, never named, and
    // the age step, whose notice left with its closed opportunity, are told of the nearest
    // opportunity that asks for them and has not been told before.
    expect(told).toEqual(['age 1', 'language 0', 'workRights 0']);
  });
});
