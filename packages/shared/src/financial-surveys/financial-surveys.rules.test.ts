import { describe, expect, it } from 'vitest';

import { asksFinancialSurvey, surveyLockedReason } from './financial-surveys.rules.ts';
import { financialSurveyMessages as m } from './financial-surveys.schemas.ts';

describe('asksFinancialSurvey', () => {
  it('is asked of bursaries only', () => {
    expect(asksFinancialSurvey('bursary')).toBe(true);
    expect(asksFinancialSurvey('job')).toBe(false);
    expect(asksFinancialSurvey('scholarship')).toBe(false);
  });
});

describe('surveyLockedReason', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const open = { closesAt: '2026-12-01T00:00:00Z', archivedAt: null, regrettedAt: null };

  it('is null while the application window is open', () => {
    expect(surveyLockedReason(open, now)).toBeNull();
  });

  it('is null when the opportunity has no closing date', () => {
    expect(surveyLockedReason({ ...open, closesAt: null }, now)).toBeNull();
  });

  it('locks the survey from the moment the window closes', () => {
    expect(surveyLockedReason({ ...open, closesAt: now }, now)).toBe(m.closed);
    expect(surveyLockedReason({ ...open, closesAt: new Date(now.getTime() - 1) }, now)).toBe(
      m.closed,
    );
    expect(surveyLockedReason({ ...open, closesAt: new Date(now.getTime() + 1) }, now)).toBeNull();
  });

  it('locks a withdrawn application, and says so before any other reason', () => {
    expect(surveyLockedReason({ ...open, archivedAt: now, closesAt: now }, now)).toBe(m.withdrawn);
  });

  it('locks a regretted application', () => {
    expect(surveyLockedReason({ ...open, regrettedAt: now.toISOString() }, now)).toBe(m.regretted);
  });
});
