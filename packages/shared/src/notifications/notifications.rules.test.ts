import { describe, expect, it } from 'vitest';

import type { CriterionResult } from '../eligibility/evaluate.ts';
import {
  BECAME_ELIGIBLE,
  eligibilityNotice,
  isNearCandidate,
  ONE_STEP_AWAY,
  ONE_STEP_AWAY_RADIUS_KM,
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
