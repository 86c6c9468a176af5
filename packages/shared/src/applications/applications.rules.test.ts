import { describe, expect, it } from 'vitest';

import {
  applicationCompletion,
  applicationStatus,
  applicationStatusLabels,
} from './applications.rules.ts';

describe('applicationStatus', () => {
  const at = new Date('2026-11-01T00:00:00Z');

  it('is the phase name of an open application', () => {
    expect(applicationStatus({ archivedAt: null, regretedAt: null, phaseName: 'Interview' })).toBe(
      'Interview',
    );
  });

  it('says Submitted when the opportunity has no phases', () => {
    expect(applicationStatus({ archivedAt: null, regretedAt: null, phaseName: null })).toBe(
      applicationStatusLabels.submitted,
    );
  });

  it('says Withdrawn once archived, even when also regretted', () => {
    expect(applicationStatus({ archivedAt: at, regretedAt: null, phaseName: 'Applied' })).toBe(
      'Withdrawn',
    );
    expect(applicationStatus({ archivedAt: at, regretedAt: at, phaseName: 'Applied' })).toBe(
      'Withdrawn',
    );
  });

  it('says Unsuccessful once regretted', () => {
    expect(
      applicationStatus({ archivedAt: null, regretedAt: at.toISOString(), phaseName: 'Offer' }),
    ).toBe('Unsuccessful');
  });
});

describe('applicationCompletion', () => {
  it.each([
    [{ profilePercentage: 60, requiredQuestions: 0, answeredRequiredQuestions: 0 }, 60, false],
    [{ profilePercentage: 100, requiredQuestions: 0, answeredRequiredQuestions: 0 }, 100, true],
    [{ profilePercentage: 100, requiredQuestions: 2, answeredRequiredQuestions: 2 }, 100, true],
    [{ profilePercentage: 100, requiredQuestions: 2, answeredRequiredQuestions: 1 }, 90, false],
    [{ profilePercentage: 100, requiredQuestions: 2, answeredRequiredQuestions: 0 }, 80, false],
    [{ profilePercentage: 50, requiredQuestions: 3, answeredRequiredQuestions: 3 }, 60, false],
    [{ profilePercentage: 0, requiredQuestions: 0, answeredRequiredQuestions: 0 }, 0, false],
    // Out-of-range inputs are clamped.
    [{ profilePercentage: 120, requiredQuestions: 1, answeredRequiredQuestions: 5 }, 100, true],
    [{ profilePercentage: -5, requiredQuestions: 0, answeredRequiredQuestions: 0 }, 0, false],
  ])('%o → %i%%', (facts, completion, complete) => {
    expect(applicationCompletion(facts)).toEqual({ completion, complete });
  });

  it('rounds to whole percent', () => {
    expect(
      applicationCompletion({
        profilePercentage: 93,
        requiredQuestions: 3,
        answeredRequiredQuestions: 1,
      }),
    ).toEqual({ completion: 81, complete: false });
  });
});
