import { useQuery } from '@tanstack/react-query';

import type { OpportunityLocationList } from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';
import { filterQuery, formatCenter, type Center, type SearchState } from '../utils/search-params';

/**
 * The map's own points: the nearest 500 locations to the centre of the opportunities the filters
 * match (GET opportunity_locations; a candidate's, GET candidate/opportunity_locations, knows
 * "I qualify"). Asked for only while the map is shown, apart from the result list.
 */
export function useOpportunityLocations(
  state: SearchState,
  center: Center,
  { enabled, candidate }: { enabled: boolean; candidate: boolean },
) {
  const query = { ...filterQuery(state, { candidate }), geoCenter: formatCenter(center) };
  return useQuery({
    queryKey: ['opportunities', 'locations', candidate, query],
    queryFn: ({ signal }): Promise<OpportunityLocationList> =>
      apiRequest(candidate ? 'candidate/opportunity_locations' : 'opportunity_locations', {
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
