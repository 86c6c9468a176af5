/** One applicant's page (as a client sees it), under one prefix. Kept apart from the page's
 * requests so a module that only marks them stale loads nothing else. */
export const applicationViewKeys = {
  all: ['applicant-view'] as const,
  detail: (opportunityId: number, applicationId: number) =>
    ['applicant-view', opportunityId, applicationId] as const,
  events: (opportunityId: number, applicationId: number) =>
    ['applicant-view', opportunityId, applicationId, 'events'] as const,
};
