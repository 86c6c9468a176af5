import { describe, expect, it } from 'vitest';

import {
  financialSurveyBody,
  financialSurveyInput,
  financialSurveyMessages as m,
  MOTIVATION_MAX_CHARS,
  OTHER_FUNDING_MAX,
} from './financial-surveys.schemas.ts';

const valid = {
  householdSize: 4,
  incomeBand: '5001_to_12500',
  dependants: 1,
  studyFunders: ['parents', 'loan'],
  otherFunding: [{ name: 'NSFAS', status: 'applied', amount: null }],
  motivation: 'My mother supports four of us on one salary.',
};

/** The first message per field, the way the API reports them. */
function errorsOf(input: unknown): Record<string, string> {
  const result = financialSurveyInput.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('financialSurveyInput', () => {
  it('accepts a complete survey and trims the text', () => {
    const parsed = financialSurveyInput.parse({
      ...valid,
      motivation: '  Need help  ',
      otherFunding: [{ name: ' NSFAS ', status: 'held', amount: 45000 }],
    });
    expect(parsed.motivation).toBe('Need help');
    expect(parsed.otherFunding).toEqual([{ name: 'NSFAS', status: 'held', amount: 45000 }]);
  });

  it('reads numbers typed into text fields, and a blank amount as none', () => {
    const parsed = financialSurveyInput.parse({
      ...valid,
      householdSize: '3',
      dependants: '0',
      otherFunding: [{ name: 'Funza Lushaka', status: 'applied', amount: '' }],
    });
    expect(parsed).toMatchObject({ householdSize: 3, dependants: 0 });
    expect(parsed.otherFunding[0]?.amount).toBeNull();
  });

  it('lets other funding be left out', () => {
    const { otherFunding: _, ...rest } = valid;
    expect(financialSurveyInput.parse(rest).otherFunding).toEqual([]);
  });

  it.each([
    ['householdSize', { householdSize: 0 }, m.householdSize],
    ['householdSize', { householdSize: 2.5 }, m.householdSize],
    ['householdSize', { householdSize: '' }, m.householdSize],
    ['householdSize', { householdSize: 31 }, m.householdSize],
    ['incomeBand', { incomeBand: 'lots' }, m.incomeBand],
    ['dependants', { dependants: -1 }, m.dependants],
    ['studyFunders', { studyFunders: [] }, m.fundersRequired],
    ['studyFunders', { studyFunders: ['nobody', 'self'] }, m.fundersNobody],
    ['studyFunders', { studyFunders: ['self', 'self'] }, m.fundersDistinct],
    ['studyFunders.0', { studyFunders: ['uncle'] }, m.fundersRequired],
    ['otherFunding.0.name', { otherFunding: [{ name: ' ', status: 'held' }] }, m.fundingName],
    ['otherFunding.0.status', { otherFunding: [{ name: 'NSFAS', status: 'x' }] }, m.fundingStatus],
    [
      'otherFunding.0.amount',
      { otherFunding: [{ name: 'NSFAS', status: 'held', amount: -5 }] },
      m.fundingAmount,
    ],
    [
      'otherFunding',
      {
        otherFunding: Array.from({ length: OTHER_FUNDING_MAX + 1 }, (_, i) => ({
          name: `Loan ${i}`,
          status: 'held',
        })),
      },
      m.otherFundingTooMany,
    ],
    ['motivation', { motivation: '   ' }, m.motivationRequired],
    ['motivation', { motivation: undefined }, m.motivationRequired],
    ['motivation', { motivation: 'x'.repeat(MOTIVATION_MAX_CHARS + 1) }, m.motivationTooLong],
  ])('reports %s: %o', (field, change, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('wraps the answers in `survey` in the request body', () => {
    expect(financialSurveyBody.safeParse({ survey: valid }).success).toBe(true);
    expect(financialSurveyBody.safeParse(valid).success).toBe(false);
  });
});
