import { useQuery } from '@tanstack/react-query';

import type { OpportunityLocationList } from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';
import { filterQuery, formatCenter, type Center, type SearchState } from '../utils/search-params';

/**
 * GET candidate/opportunity_locations: the nearest 500 locations of the opportunities the
 * filters match, for the map. Candidates only; a guest's map shows the result page instead.
 */
export function useOpportunityLocations(
  state: SearchState,
  center: Center,
  { enabled }: { enabled: boolean },
) {
  const query = { ...filterQuery(state, { candidate: true }), geoCenter: formatCenter(center) };
  return useQuery({
    queryKey: ['opportunities', 'locations', query],
    queryFn: ({ signal }): Promise<OpportunityLocationList> =>
      apiRequest('candidate/opportunity_locations', {
        signal,
        query,
        schema: () =>
          import('@pathways/shared/opportunities/opportunities.schemas').then(
            (m) => m.opportunityLocationList,
          ),
      }),
    enabled,
  });
}
