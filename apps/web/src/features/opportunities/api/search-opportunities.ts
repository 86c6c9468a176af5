import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { OpportunityList } from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { searchQuery, type SearchState } from '../utils/search-params';
import { opportunitySearchQueryKey, type OpportunitySearchQuery } from './search-query-key';

export { opportunitySearchQueryKey, type OpportunitySearchQuery } from './search-query-key';

/**
 * One page of the search: guests ask GET opportunities; candidates GET candidate/opportunities,
 * which adds "I qualify" and each item's `eligible`.
 */
export function searchOpportunities(
  candidate: boolean,
  query: OpportunitySearchQuery,
  signal?: AbortSignal,
): Promise<OpportunityList> {
  return apiRequest(candidate ? 'candidate/opportunities' : 'opportunities', {
    query,
    signal,
    schema: () =>
      import('@pathways/shared/opportunities/opportunities.schemas').then((m) => m.opportunityList),
  });
}

/**
 * The search for a page state. A newer search cancels the one still running (TanStack Query
 * aborts the superseded request's signal) and the previous page stays on screen meanwhile.
 */
export function useOpportunitySearch(state: SearchState, options: { enabled?: boolean } = {}) {
  const { viewer } = useSession();
  const candidate = viewer?.role === 'candidate';
  const query = searchQuery(state, { candidate });
  return useQuery({
    queryKey: opportunitySearchQueryKey(candidate, query),
    queryFn: ({ signal }) => searchOpportunities(candidate, query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
