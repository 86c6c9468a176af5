import { describe, expect, it } from 'vitest';

import {
  applicationCompletion,
  applicationStatus,
  applicationStatusLabels,
} from './applications.rules.ts';

describe('applicationStatus', () => {
  const at = new Date('2026-11-01T00:00:00Z');

  it('is the phase name of an open application', () => {
    expect(applicationStatus({ archivedAt: null, regrettedAt: null, phaseName: 'Interview' })).toBe(
      'Interview',
    );
  });

  it('says Submitted when the opportunity has no phases', () => {
    expect(applicationStatus({ archivedAt: null, regrettedAt: null, phaseName: null })).toBe(
      applicationStatusLabels.submitted,
    );
  });

  it('says Withdrawn once archived, even when also regretted', () => {
    expect(applicationStatus({ archivedAt: at, regrettedAt: null, phaseName: 'Applied' })).toBe(
      'Withdrawn',
    );
    expect(applicationStatus({ archivedAt: at, regrettedAt: at, phaseName: 'Applied' })).toBe(
      'Withdrawn',
    );
  });

  it('says Unsuccessful once regretted', () => {
    expect(
      applicationStatus({ archivedAt: null, regrettedAt: at.toISOString(), phaseName: 'Offer' }),
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

  it.each([
    // A bursary without its survey: the profile carries 80 points, the survey 20.
    [{ profilePercentage: 100, surveyRequired: true, surveySubmitted: false }, 80, false],
    [{ profilePercentage: 100, surveyRequired: true, surveySubmitted: true }, 100, true],
    [{ profilePercentage: 50, surveyRequired: true, surveySubmitted: true }, 60, false],
    // With screening questions too: 60 + 20 + 20.
    [
      {
        profilePercentage: 100,
        requiredQuestions: 2,
        answeredRequiredQuestions: 2,
        surveyRequired: true,
        surveySubmitted: false,
      },
      80,
      false,
    ],
    [
      {
        profilePercentage: 50,
        requiredQuestions: 2,
        answeredRequiredQuestions: 1,
        surveyRequired: true,
        surveySubmitted: true,
      },
      60,
      false,
    ],
    // A survey that is not asked for counts for nothing.
    [{ profilePercentage: 70, surveyRequired: false, surveySubmitted: true }, 70, false],
  ])('with the financial needs survey %o → %i%%', (partial, completion, complete) => {
    expect(
      applicationCompletion({ requiredQuestions: 0, answeredRequiredQuestions: 0, ...partial }),
    ).toEqual({ completion, complete });
  });

  it('raises a bursary application once its survey is submitted', () => {
    const before = applicationCompletion({
      profilePercentage: 75,
      requiredQuestions: 0,
      answeredRequiredQuestions: 0,
      surveyRequired: true,
      surveySubmitted: false,
    });
    const after = applicationCompletion({
      profilePercentage: 75,
      requiredQuestions: 0,
      answeredRequiredQuestions: 0,
      surveyRequired: true,
      surveySubmitted: true,
    });
    expect(after.completion).toBeGreaterThan(before.completion);
  });
});
