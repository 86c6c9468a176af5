import { describe, expect, it } from 'vitest';

import type { CriterionResult } from '../eligibility/evaluate.ts';
import { BECAME_ELIGIBLE, eligibilityNotice, ONE_STEP_AWAY } from './notifications.rules.ts';

const opportunity = { id: 7, name: 'Graduate programme', open: true };

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
      eligibilityNotice({ opportunity, wasEligible: false, result: result(criterion('met')) }),
    ).toEqual({
      type: BECAME_ELIGIBLE,
      opportunityId: 7,
      description: 'You now qualify for Graduate programme. Have a look and apply.',
      path: '/opportunities/7',
    });
  });

  it('says nothing to a candidate who already qualified', () => {
    expect(
      eligibilityNotice({ opportunity, wasEligible: true, result: result(criterion('met')) }),
    ).toBeNull();
  });

  it('says nothing about a closed opportunity', () => {
    const closed = { ...opportunity, open: false };
    expect(
      eligibilityNotice({
        opportunity: closed,
        wasEligible: false,
        result: result(criterion('met')),
      }),
    ).toBeNull();
    expect(
      eligibilityNotice({
        opportunity: closed,
        wasEligible: false,
        result: result(criterion('met'), criterion('unknown', true)),
      }),
    ).toBeNull();
  });

  it('names the one missing step the candidate can take, and links to it', () => {
    expect(
      eligibilityNotice({
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
      opportunity,
      wasEligible: true,
      result: result(criterion('unmet', true)),
    });
    expect(notice?.type).toBe(ONE_STEP_AWAY);
  });

  it('says nothing when the one missing requirement is not the candidate’s to fix', () => {
    expect(
      eligibilityNotice({
        opportunity,
        wasEligible: false,
        result: result(criterion('met'), criterion('unmet')),
      }),
    ).toBeNull();
  });

  it('says nothing when two or more requirements are missing', () => {
    expect(
      eligibilityNotice({
        opportunity,
        wasEligible: false,
        result: result(criterion('unmet', true), criterion('unknown', true)),
      }),
    ).toBeNull();
  });
});
