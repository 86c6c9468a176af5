import { useQuery } from '@tanstack/react-query';

import {
  APPLICATION_PAGE_SIZE_MAX,
  applicationList,
  type ApplicationSummary,
} from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../../lib/api-client';

/** Under the applications' key, so whatever refreshes the candidate's applications refreshes this. */
export const myApplicationsByOpportunityQueryKey = [
  'candidate',
  'applications',
  'by-opportunity',
] as const;

/** Every application of the candidate (withdrawn ones too), by opportunity id. */
async function fetchApplicationsByOpportunity(
  signal?: AbortSignal,
): Promise<Map<number, ApplicationSummary>> {
  const byOpportunity = new Map<number, ApplicationSummary>();
  for (let page = 1; ; page += 1) {
    const list = await apiRequest('candidate/applications', {
      query: { page, per: APPLICATION_PAGE_SIZE_MAX },
      signal,
      schema: applicationList,
    });
    for (const item of list.items) {
      if (!byOpportunity.has(item.opportunity.id)) byOpportunity.set(item.opportunity.id, item);
    }
    if (list.items.length === 0 || page * list.per >= list.total) return byOpportunity;
  }
}

/**
 * The candidate's application for an opportunity: the application when there is one, null when
 * there is none, undefined while unknown. Candidates only.
 */
export function useMyApplication(opportunityId: number, { enabled = true } = {}) {
  const query = useQuery({
    queryKey: myApplicationsByOpportunityQueryKey,
    queryFn: ({ signal }) => fetchApplicationsByOpportunity(signal),
    enabled,
    // An application made on the apply page a moment ago must show here when the candidate
    // comes back.
    staleTime: 0,
  });
  return {
    ...query,
    application: query.data ? (query.data.get(opportunityId) ?? null) : undefined,
  };
}
