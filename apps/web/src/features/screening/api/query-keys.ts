/**
 * The tracker's cached rows: of one workspace, or of every workspace the user sees (null). Kept
 * here so the tracker and one applicant's page (which changes phase and rating) share them.
 */
export const trackerKeys = {
  all: ['client', 'tracker'] as const,
  applicants: (opportunityId: number | null) =>
    ['client', 'tracker', 'applicants', opportunityId ?? 'all'] as const,
};
