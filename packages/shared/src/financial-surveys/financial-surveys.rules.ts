import { financialSurveyMessages as m } from './financial-surveys.schemas.ts';

// Pure rules of the financial needs survey, shared so the API refuses what the page locks.

/** Only bursaries ask for a financial needs survey. */
export function asksFinancialSurvey(opportunityKind: string): boolean {
  return opportunityKind === 'bursary';
}

/**
 * Why an application's survey can no longer be changed, or null while it can: the survey can be
 * submitted and changed until the opportunity's application window closes (an opportunity without
 * a closing date stays open), and not on a withdrawn or regretted application.
 */
export function surveyLockedReason(
  application: {
    closesAt: Date | string | null;
    archivedAt: Date | string | null;
    regrettedAt: Date | string | null;
  },
  now: Date,
): string | null {
  if (application.archivedAt) return m.withdrawn;
  if (application.regrettedAt) return m.regretted;
  if (application.closesAt && new Date(application.closesAt).getTime() <= now.getTime()) {
    return m.closed;
  }
  return null;
}
