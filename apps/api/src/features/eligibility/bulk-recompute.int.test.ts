import { evaluateEligibility } from '@pathways/shared/eligibility/evaluate';
import { distanceKm, emptySnapshot } from '@pathways/shared/eligibility/snapshot';
import {
  isNearCandidate,
  nearestPlaceKm,
} from '@pathways/shared/notifications/notifications.rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eligibilities } from '../../db/schema/index.ts';
import { createUser } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { recomputeCandidate, recomputeOpportunity } from './eligibility.engine.ts';
import { addRequirement, createOpportunity, DAY, setProfile } from './eligibility.factories.ts';
import { distanceKmSql } from './eligibility.sql.ts';
import {
  findNearestPlaces,
  findPlaces,
  findPlacesWithin,
  NEAREST_SLACK_KM,
  writeEligibilities,
} from './eligibility.repository.ts';

// The bulk recomputations' shortcuts hold to the pure rule: the SQL distance that picks the
// places one home needs equals the evaluation's, those places give the evaluation every answer
// all places give, chunks of any size store the same results, and a slow job never undoes a
// later check.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
const now = new Date('2026-11-20T08:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const db = () => database.db;
// Coordinates as stored: degrees to a millionth.
const degrees = (min: number, max: number) =>
  fc.integer({ min: min * 1e6, max: max * 1e6 }).map((v) => v / 1e6);
const latitude = degrees(-89.9, 89.9);
const longitude = degrees(-180, 180);
const point = fc.record({ latitude, longitude });

describe('the SQL distance', () => {
  it('equals the evaluation’s great-circle distance far within the slack of the nearest places', async () => {
    await fc.assert(
      fc.asyncProperty(point, point, async (home, place) => {
        const { rows } = (await db().execute(
          sql`select ${distanceKmSql(sql`${place.latitude}::float8`, sql`${place.longitude}::float8`, home)} as km`,
        )) as unknown as { rows: { km: number }[] };
        const row = rows[0];
        expect(Math.abs(Number(row!.km) - distanceKm(home, place))).toBeLessThan(
          NEAREST_SLACK_KM / 100,
        );
      }),
      { numRuns: 150 },
    );
  });
});

describe('the places loaded for one home', () => {
  // Places near one another (and some at the very same spot) make near ties the common case.
  const near = fc.record({ latitude: degrees(-34.2, -33.6), longitude: degrees(18.2, 18.9) });
  const places = fc
    .array(near, { minLength: 1, maxLength: 8 })
    .chain((list) =>
      fc
        .array(fc.constantFrom(...list), { maxLength: 3 })
        .map((twins) => [...list, ...twins].map((p, i) => ({ ...p, city: `Place ${i}` }))),
    );

  it('give the distance criterion and the notices the answers all places give', async () => {
    await fc.assert(
      fc.asyncProperty(
        places,
        fc.option(near, { nil: null }),
        fc.double({ min: 0.5, max: 60, noNaN: true }),
        async (list, home, maximumKm) => {
          const { id } = await createOpportunity(database, now, { places: list });
          const all = (await findPlaces(db(), [id])).map((p) => ({ ...p, name: p.city }));
          const nearest = (await findNearestPlaces(db(), [id], home)).map((p) => ({
            ...p,
            name: p.city,
          }));
          expect(nearest.length).toBeGreaterThan(0);
          const snapshot = { ...emptySnapshot(1), location: home };
          const requirement = [{ id: 1, criterion: { kind: 'distance' as const, maximumKm } }];
          expect(evaluateEligibility(snapshot, requirement, { now, locations: nearest })).toEqual(
            evaluateEligibility(snapshot, requirement, { now, locations: all }),
          );
          expect(nearestPlaceKm(home, nearest)).toBe(nearestPlaceKm(home, all));
          expect(isNearCandidate(home, nearest)).toBe(isNearCandidate(home, all));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('for the notices, tell whether an opportunity is within reach, and how near, as all places do', async () => {
    // Places spread over a few hundred kilometres, so some opportunities are out of reach.
    const spread = fc.record({ latitude: degrees(-35, -32), longitude: degrees(17, 21) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(spread, { minLength: 1, maxLength: 6 }),
        fc.option(spread, { nil: null }),
        fc.integer({ min: 5, max: 150 }),
        async (list, home, radiusKm) => {
          const named = list.map((p, i) => ({ ...p, city: `Place ${i}` }));
          const { id } = await createOpportunity(database, now, { places: named });
          const all = await findPlaces(db(), [id]);
          const some = await findPlacesWithin(db(), [id], home, radiusKm);
          expect(some.length).toBeGreaterThan(0);
          const near = isNearCandidate(home, all, radiusKm);
          expect(isNearCandidate(home, some, radiusKm)).toBe(near);
          if (near) expect(nearestPlaceKm(home, some)).toBe(nearestPlaceKm(home, all));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are none for an opportunity offered without a fixed place', async () => {
    const { id } = await createOpportunity(database, now);
    expect(await findNearestPlaces(db(), [id], { latitude: -33.9, longitude: 18.4 })).toEqual([]);
    expect(await findNearestPlaces(db(), [id], null)).toEqual([]);
    expect(await findPlacesWithin(db(), [id], { latitude: -33.9, longitude: 18.4 }, 50)).toEqual(
      [],
    );
    expect(await findPlacesWithin(db(), [id], null, 50)).toEqual([]);
  });
});

async function candidate(bornAt: string | null) {
  const user = await createUser(database, { role: 'candidate' });
  if (bornAt) await setProfile(database, user.id, { bornAt });
  return user.id;
}

async function stored(opportunityId: number) {
  return db()
    .select({
      candidateId: eligibilities.candidateId,
      eligible: eligibilities.eligible,
      criteria: eligibilities.criteria,
      checkedAt: eligibilities.checkedAt,
    })
    .from(eligibilities)
    .where(eq(eligibilities.opportunityId, opportunityId))
    .orderBy(asc(eligibilities.candidateId));
}

describe('an opportunity’s recomputation in chunks', () => {
  it('stores the same results whatever the chunk size, every candidate once', async () => {
    const born = ['2000-01-01', '1990-06-15', null, '2006-03-01', '1970-02-02', '2003-12-31'];
    const candidates: number[] = [];
    for (const b of born) candidates.push(await candidate(b));
    const criteria = [{ kind: 'age', maximum: 30 }];
    const whole = await createOpportunity(database, now, { criteria });
    const pairs = await createOpportunity(database, now, { criteria });
    const ones = await createOpportunity(database, now, { criteria });
    // A candidate who no longer passes the prefilter keeps a fresh stored row.
    await db()
      .insert(eligibilities)
      .values(
        [whole.id, pairs.id, ones.id].map((opportunityId) => ({
          candidateId: candidates[2]!,
          opportunityId,
          eligible: true,
          criteria: [],
          checkedAt: new Date(now.getTime() - DAY),
        })),
      );

    const a = await recomputeOpportunity(db(), whole.id, now);
    const b = await recomputeOpportunity(db(), pairs.id, now, { chunk: 2 });
    const c = await recomputeOpportunity(db(), ones.id, now, { chunk: 1 });
    const counts = (r: typeof a) => ({
      evaluated: r.evaluated,
      stored: r.stored,
      eligible: r.eligible,
    });
    // Those the prefilter lets through (born, and young enough), and the one with a stored row.
    expect(counts(a)).toEqual({ evaluated: 4, stored: 4, eligible: 3 });
    expect(counts(b)).toEqual(counts(a));
    expect(counts(c)).toEqual(counts(a));
    const shape = (rows: Awaited<ReturnType<typeof stored>>) =>
      rows
        .filter((r) => candidates.includes(r.candidateId))
        .map((r) => ({
          ...r,
          criteria: (r.criteria as { requirementId: number }[]).map((x) => ({
            ...x,
            requirementId: 0,
          })),
        }));
    const rows = shape(await stored(whole.id));
    expect(rows.map((r) => r.candidateId)).toEqual(
      [0, 2, 3, 5].map((i) => candidates[i]!).sort((x, y) => x - y),
    );
    expect(shape(await stored(pairs.id))).toEqual(rows);
    expect(shape(await stored(ones.id))).toEqual(rows);
    expect(rows.find((r) => r.candidateId === candidates[2])!.eligible).toBe(false);
    expect(rows.filter((r) => r.eligible).map((r) => r.candidateId)).toEqual([
      candidates[0]!,
      candidates[3]!,
      candidates[5]!,
    ]);
  });

  it('stores every result again on a later check, changed or not', async () => {
    const first = await candidate('2000-01-01');
    const second = await candidate('1999-01-01');
    const opportunity = await createOpportunity(database, now, {
      criteria: [{ kind: 'age', maximum: 30 }],
    });
    const initial = await recomputeOpportunity(db(), opportunity.id, now);
    expect(initial.stored).toBe(initial.evaluated);
    const before = await stored(opportunity.id);

    // The same check later: the same results, checked again.
    const later = new Date(now.getTime() + 60_000);
    const again = await recomputeOpportunity(db(), opportunity.id, later);
    expect(again.stored).toBe(again.evaluated);
    expect(await stored(opportunity.id)).toEqual(before.map((r) => ({ ...r, checkedAt: later })));

    // A second requirement changes every result (each gains a criterion).
    const latest = new Date(later.getTime() + 60_000);
    await addRequirement(database, opportunity.id, { kind: 'age', minimum: 18 }, 1);
    await recomputeOpportunity(db(), opportunity.id, latest);
    const after = await stored(opportunity.id);
    for (const id of [first, second]) {
      const row = after.find((r) => r.candidateId === id)!;
      expect(row).toMatchObject({ eligible: true, checkedAt: latest });
      expect(row.criteria).toHaveLength(2);
    }
  });
});

describe('writing bulk results', () => {
  it('never replaces a result checked later, and says what was stored before', async () => {
    const candidateId = await candidate('2000-01-01');
    const { id: opportunityId } = await createOpportunity(database, now);
    const row = (eligible: boolean, at: Date) => ({
      candidateId,
      opportunityId,
      eligible,
      criteria: [],
      checkedAt: at,
    });
    expect(await writeEligibilities(db(), [row(true, now)])).toEqual({
      written: 1,
      wasEligible: new Set(),
      checkedBefore: new Set(),
    });
    expect(await writeEligibilities(db(), [row(false, new Date(now.getTime() - 1000))])).toEqual({
      written: 0,
      wasEligible: new Set([`${candidateId}:${opportunityId}`]),
      checkedBefore: new Set([candidateId]),
    });
    const [kept] = await db()
      .select()
      .from(eligibilities)
      .where(
        and(
          eq(eligibilities.candidateId, candidateId),
          eq(eligibilities.opportunityId, opportunityId),
        ),
      );
    expect(kept).toMatchObject({ eligible: true, checkedAt: now });
    expect(
      (await writeEligibilities(db(), [row(false, new Date(now.getTime() + 2000))])).written,
    ).toBe(1);
    expect(
      (await writeEligibilities(db(), [row(true, new Date(now.getTime() + 3000))])).wasEligible,
    ).toEqual(new Set());
  });

  it('tells which candidates had a check stored before, of this or any other opportunity', async () => {
    const [checkedHere, checkedElsewhere, referredOnly, newcomer] = [
      await candidate('2000-01-01'),
      await candidate('2000-01-01'),
      await candidate('2000-01-01'),
      await candidate('2000-01-01'),
    ];
    const { id: opportunityId } = await createOpportunity(database, now);
    const { id: otherId } = await createOpportunity(database, now);
    const earlier = new Date(now.getTime() - DAY);
    await db()
      .insert(eligibilities)
      .values([
        { candidateId: checkedHere!, opportunityId, eligible: false, checkedAt: earlier },
        {
          candidateId: checkedElsewhere!,
          opportunityId: otherId,
          eligible: true,
          checkedAt: earlier,
        },
        // Referred, never checked: no check to start from.
        { candidateId: referredOnly!, opportunityId, referredAt: earlier },
      ]);
    const rows = [checkedHere!, checkedElsewhere!, referredOnly!, newcomer!].map((candidateId) => ({
      candidateId,
      opportunityId,
      eligible: true,
      criteria: [],
      checkedAt: now,
    }));
    const result = await writeEligibilities(db(), rows);
    expect(result.written).toBe(4);
    expect(result.checkedBefore).toEqual(new Set([checkedHere, checkedElsewhere]));
    expect(result.wasEligible).toEqual(new Set());
  });
});

describe('a candidate’s recomputation', () => {
  it('measures distance to the nearest of many places, loading only those near', async () => {
    const candidateId = await candidate('2000-01-01');
    await setProfile(database, candidateId, { latitude: -33.95, longitude: 18.47 });
    const far = Array.from({ length: 20 }, (_, i) => ({
      latitude: -26 - i / 100,
      longitude: 28,
      city: `Far ${i}`,
    }));
    const within = await createOpportunity(database, now, {
      places: [...far, { latitude: -33.96, longitude: 18.48, city: 'Near' }],
      criteria: [{ kind: 'distance', maximumKm: 25 }],
    });
    const beyond = await createOpportunity(database, now, {
      places: far,
      criteria: [{ kind: 'distance', maximumKm: 25 }],
    });
    const summary = await recomputeCandidate(db(), candidateId, now);
    expect(summary.eligible).toBeGreaterThanOrEqual(1);
    const [row] = await db()
      .select()
      .from(eligibilities)
      .where(
        and(eq(eligibilities.candidateId, candidateId), eq(eligibilities.opportunityId, within.id)),
      );
    expect(row!.eligible).toBe(true);
    expect(JSON.stringify(row!.criteria)).toContain('(Near)');
    const none = await db()
      .select()
      .from(eligibilities)
      .where(
        and(eq(eligibilities.candidateId, candidateId), eq(eligibilities.opportunityId, beyond.id)),
      );
    expect(none).toEqual([]);
  });
});
