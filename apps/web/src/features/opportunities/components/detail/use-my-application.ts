import { useQuery } from '@tanstack/react-query';

import type { ApplicationSummary } from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../../lib/api-client';

/** Under the applications' key, so whatever refreshes the candidate's applications refreshes this. */
export const myApplicationsByOpportunityQueryKey = [
  'candidate',
  'applications',
  'by-opportunity',
] as const;

/** The candidate's application for one opportunity (a withdrawn one too), or null. */
async function fetchMyApplication(
  opportunityId: number,
  signal?: AbortSignal,
): Promise<ApplicationSummary | null> {
  const list = await apiRequest('candidate/applications', {
    query: { opportunity: opportunityId, per: 1 },
    signal,
    schema: () =>
      import('@pathways/shared/applications/applications.schemas').then((m) => m.applicationList),
  });
  return list.items[0] ?? null;
}

/**
 * The candidate's application for an opportunity: the application when there is one, null when
 * there is none, undefined while unknown. Candidates only.
 */
export function useMyApplication(opportunityId: number, { enabled = true } = {}) {
  const query = useQuery({
    queryKey: [...myApplicationsByOpportunityQueryKey, opportunityId],
    queryFn: ({ signal }) => fetchMyApplication(opportunityId, signal),
    enabled,
    // An application made on the apply page a moment ago must show here when the candidate
    // comes back.
    staleTime: 0,
  });
  return {
    ...query,
    application: query.data,
  };
}
