import { describe, expect, it } from 'vitest';

import type { CriterionResult } from '../eligibility/evaluate.ts';
import {
  BECAME_ELIGIBLE,
  eligibilityNotice,
  isNearCandidate,
  isOneStepAwayResolved,
  nearestPlaceKm,
  ONE_STEP_AWAY,
  ONE_STEP_AWAY_LIMIT,
  ONE_STEP_AWAY_PERIOD_DAYS,
  ONE_STEP_AWAY_RADIUS_KM,
  oneStepAwayAction,
  oneStepAwayRoom,
  pickOneStepAway,
  type FoundOneStepAway,
  type ToldOneStepAway,
} from './notifications.rules.ts';

const opportunity = { id: 7, name: 'Graduate programme', open: true, places: [] };

function criterion(status: CriterionResult['status'], withAction = false): CriterionResult {
  return {
    requirementId: Math.floor(Math.random() * 1000),
    kind: 'age',
    status,
    description: 'Needs to be 18 to 30',
    reason: 'reason',
    ...(withAction
      ? {
          action: {
            type: 'profile.date_of_birth',
            label: 'Add your date of birth',
            resolutionPath: '/candidate/profile#dateOfBirth',
          },
        }
      : {}),
  };
}

const result = (...criteria: CriterionResult[]) => ({
  eligible: criteria.every((c) => c.status === 'met'),
  criteria,
});

describe('eligibilityNotice', () => {
  it('tells a candidate who now qualifies and did not before, linking to the opportunity', () => {
    expect(
      eligibilityNotice({
        home: null,
        opportunity,
        wasEligible: false,
        result: result(criterion('met')),
      }),
    ).toEqual({
      type: BECAME_ELIGIBLE,
      opportunityId: 7,
      description: 'You now qualify for Graduate programme. Have a look and apply.',
      path: '/opportunities/7',
    });
  });

  it('says nothing to a candidate who already qualified', () => {
    expect(
      eligibilityNotice({
        home: null,
        opportunity,
        wasEligible: true,
        result: result(criterion('met')),
      }),
    ).toBeNull();
  });

  it('says nothing about a closed opportunity', () => {
    const closed = { ...opportunity, open: false };
    expect(
      eligibilityNotice({
        home: null,
        opportunity: closed,
        wasEligible: false,
        result: result(criterion('met')),
      }),
    ).toBeNull();
    expect(
      eligibilityNotice({
        home: null,
        opportunity: closed,
        wasEligible: false,
        result: result(criterion('met'), criterion('unknown', true)),
      }),
    ).toBeNull();
  });

  it('names the one missing step the candidate can take, and links to it', () => {
    expect(
      eligibilityNotice({
        home: null,
        opportunity,
        wasEligible: false,
        result: result(criterion('met'), criterion('unknown', true), criterion('met')),
      }),
    ).toEqual({
      type: ONE_STEP_AWAY,
      opportunityId: 7,
      description: 'You are one step away from Graduate programme: Add your date of birth.',
      path: '/candidate/profile#dateOfBirth',
    });
  });

  it('counts an unmet requirement with a step as one step too, even after qualifying once', () => {
    const notice = eligibilityNotice({
      home: null,
      opportunity,
      wasEligible: true,
      result: result(criterion('unmet', true)),
    });
    expect(notice?.type).toBe(ONE_STEP_AWAY);
  });

  it('says nothing when the one missing requirement is not the candidate’s to fix', () => {
    expect(
      eligibilityNotice({
        home: null,
        opportunity,
        wasEligible: false,
        result: result(criterion('met'), criterion('unmet')),
      }),
    ).toBeNull();
  });

  it('says nothing when two or more requirements are missing', () => {
    expect(
      eligibilityNotice({
        home: null,
        opportunity,
        wasEligible: false,
        result: result(criterion('unmet', true), criterion('unknown', true)),
      }),
    ).toBeNull();
  });
});

// Johannesburg CBD, Sandton (about 14 km away), Pretoria (about 55 km) and Cape Town.
const joburg = { latitude: -26.2041, longitude: 28.0473 };
const sandton = { latitude: -26.1076, longitude: 28.0567 };
const pretoria = { latitude: -25.7479, longitude: 28.2293 };
const capeTown = { latitude: -33.9249, longitude: 18.4241 };

describe('isNearCandidate', () => {
  it('counts an opportunity without a fixed place as near everyone, even without a home', () => {
    expect(isNearCandidate(null, [])).toBe(true);
    expect(isNearCandidate(joburg, [])).toBe(true);
  });

  it('is near when one of its places is within the radius', () => {
    expect(ONE_STEP_AWAY_RADIUS_KM).toBe(50);
    expect(isNearCandidate(joburg, [sandton])).toBe(true);
    expect(isNearCandidate(joburg, [capeTown, sandton])).toBe(true);
  });

  it('is not near when every place is farther than the radius', () => {
    expect(isNearCandidate(joburg, [pretoria])).toBe(false);
    expect(isNearCandidate(joburg, [capeTown])).toBe(false);
    expect(isNearCandidate(joburg, [pretoria], 60)).toBe(true);
  });

  it('is never near a candidate whose home is not known when it has places', () => {
    expect(isNearCandidate(null, [sandton])).toBe(false);
  });
});

describe('one step away and distance', () => {
  const oneStep = result(criterion('met'), criterion('unknown', true));

  it('tells a candidate living near one of its places', () => {
    const near = { ...opportunity, places: [sandton] };
    expect(
      eligibilityNotice({ opportunity: near, home: joburg, wasEligible: false, result: oneStep })
        ?.type,
    ).toBe(ONE_STEP_AWAY);
  });

  it('says nothing of an opportunity far away, or to a candidate without a home', () => {
    const far = { ...opportunity, places: [capeTown] };
    expect(
      eligibilityNotice({ opportunity: far, home: joburg, wasEligible: false, result: oneStep }),
    ).toBeNull();
    const placed = { ...opportunity, places: [sandton] };
    expect(
      eligibilityNotice({ opportunity: placed, home: null, wasEligible: false, result: oneStep }),
    ).toBeNull();
  });

  it('still tells a far candidate who now qualifies (distance limits only the one-step notice)', () => {
    const far = { ...opportunity, places: [capeTown] };
    expect(
      eligibilityNotice({
        opportunity: far,
        home: joburg,
        wasEligible: false,
        result: result(criterion('met')),
      })?.type,
    ).toBe(BECAME_ELIGIBLE);
  });
});

describe('nearestPlaceKm', () => {
  it('measures to the nearest place, and knows none without a place or a home', () => {
    expect(nearestPlaceKm(joburg, [capeTown, sandton])).toBeCloseTo(10.8, 0);
    expect(nearestPlaceKm(joburg, [])).toBeNull();
    expect(nearestPlaceKm(null, [sandton])).toBeNull();
  });
});

describe('oneStepAwayAction', () => {
  it('is the step of the one requirement missing, if the candidate can take it', () => {
    expect(oneStepAwayAction(result(criterion('met'), criterion('unknown', true)))?.type).toBe(
      'profile.date_of_birth',
    );
    expect(oneStepAwayAction(result(criterion('met'), criterion('unmet')))).toBeNull();
    expect(
      oneStepAwayAction(result(criterion('unmet', true), criterion('unknown', true))),
    ).toBeNull();
    expect(oneStepAwayAction(result(criterion('met')))).toBeNull();
  });
});

describe('pickOneStepAway', () => {
  const now = new Date('2026-11-20T08:00:00.000Z');
  const DAY = 86_400_000;
  const found = (opportunityId: number, step: string, distanceKm: number | null) =>
    ({
      notice: {
        type: ONE_STEP_AWAY,
        opportunityId,
        description: `You are one step away from ${opportunityId}: ${step}.`,
        path: `/candidate/profile#${step}`,
      },
      distanceKm,
    }) satisfies FoundOneStepAway;
  const told = (
    opportunityId: number,
    step: string,
    daysAgo: number,
    dismissed = false,
  ): ToldOneStepAway => ({
    opportunityId,
    path: `/candidate/profile#${step}`,
    notifiedAt: new Date(now.getTime() - daysAgo * DAY),
    dismissedAt: dismissed ? now : null,
  });
  const ids = (picked: { opportunityId: number }[]) => picked.map((n) => n.opportunityId);

  it(`tells at most ${ONE_STEP_AWAY_LIMIT}, the nearest first, those without a place last`, () => {
    const many = [
      found(1, 'a', null),
      found(2, 'b', 30),
      found(3, 'c', 2),
      found(4, 'd', 12),
      found(5, 'e', 5),
    ];
    expect(ids(pickOneStepAway(many, [], now))).toEqual([3, 5, 4]);
    expect(ids(pickOneStepAway([found(1, 'a', null), found(2, 'b', null)], [], now))).toEqual([
      1, 2,
    ]);
  });

  it('names each step once: the nearest opportunity it stands before', () => {
    const sameStep = [found(1, 'licence', 9), found(2, 'licence', 3), found(3, 'age', 20)];
    expect(ids(pickOneStepAway(sameStep, [], now))).toEqual([2, 3]);
  });

  it('never tells an opportunity twice, whatever became of the first notice', () => {
    const again = [found(1, 'licence', 1), found(2, 'age', 2)];
    expect(ids(pickOneStepAway(again, [told(1, 'licence', 30, true)], now))).toEqual([2]);
  });

  it(`counts what was told in the last ${ONE_STEP_AWAY_PERIOD_DAYS} days, and the steps still in the bell`, () => {
    const next = [found(10, 'a', 1), found(11, 'b', 2), found(12, 'c', 3), found(13, 'd', 4)];
    const thisWeek = [told(1, 'x', 1), told(2, 'y', 6, true)];
    expect(ids(pickOneStepAway(next, thisWeek, now))).toEqual([10]);
    const full = [told(1, 'x', 1), told(2, 'y', 2), told(3, 'z', 3)];
    expect(pickOneStepAway(next, full, now)).toEqual([]);
    // A period later there is room again, but a step still in the bell is not named twice.
    const lastPeriod = [told(1, 'a', ONE_STEP_AWAY_PERIOD_DAYS + 1), told(2, 'x', 9, true)];
    expect(ids(pickOneStepAway(next, lastPeriod, now))).toEqual([11, 12, 13]);
  });

  it('leaves out notices of another type', () => {
    const became = {
      notice: { ...found(1, 'a', 1).notice, type: BECAME_ELIGIBLE },
      distanceKm: 1,
    } satisfies FoundOneStepAway;
    expect(pickOneStepAway([became], [], now)).toEqual([]);
  });
});

describe('oneStepAwayRoom', () => {
  const now = new Date('2026-11-20T08:00:00Z');
  const daysAgo = (days: number) => ({ notifiedAt: new Date(now.getTime() - days * 86_400_000) });

  it('leaves the limit less the notices of the period, never below none', () => {
    expect(oneStepAwayRoom([], now)).toBe(ONE_STEP_AWAY_LIMIT);
    expect(oneStepAwayRoom([daysAgo(1), daysAgo(ONE_STEP_AWAY_PERIOD_DAYS + 1)], now)).toBe(
      ONE_STEP_AWAY_LIMIT - 1,
    );
    const many = Array.from({ length: ONE_STEP_AWAY_LIMIT + 2 }, () => daysAgo(2));
    expect(oneStepAwayRoom(many, now)).toBe(0);
  });
});

describe('isOneStepAwayResolved', () => {
  const step = criterion('unknown', true);
  const told = { path: step.action!.resolutionPath };
  const open = { open: true };

  it('holds while the step it named is still the one missing', () => {
    expect(isOneStepAwayResolved(told, result(criterion('met'), step), open)).toBe(false);
  });

  it('is resolved once the candidate qualifies', () => {
    expect(isOneStepAwayResolved(told, result(criterion('met'), criterion('met')), open)).toBe(
      true,
    );
  });

  it('is resolved once the opportunity closes, the step still missing', () => {
    const closed = { open: false };
    expect(isOneStepAwayResolved(told, result(criterion('met'), step), closed)).toBe(true);
  });

  it('is resolved when what is missing is no longer that step', () => {
    const other = {
      ...criterion('unknown'),
      action: { type: 'profile.languages', label: 'Add your languages', resolutionPath: '/x' },
    };
    expect(isOneStepAwayResolved(told, result(criterion('met'), other), open)).toBe(true);
    expect(isOneStepAwayResolved(told, result(step, criterion('unmet', true)), open)).toBe(true);
    expect(isOneStepAwayResolved(told, result(criterion('met'), criterion('unmet')), open)).toBe(
      true,
    );
  });
});
