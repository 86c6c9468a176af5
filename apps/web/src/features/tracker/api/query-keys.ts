/** The tracker's queries: the rows of one workspace, or of every workspace the user sees (null). */
export const trackerKeys = {
  all: ['client', 'tracker'] as const,
  applicants: (opportunityId: number | null) =>
    ['client', 'tracker', 'applicants', opportunityId ?? 'all'] as const,
};
