import { useQuery } from '@tanstack/react-query';

import {
  opportunityDetail,
  type OpportunityDetail,
  type OpportunityListItem,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';

/** The same key and answer as the opportunity page, so following the link is instant. */
const opportunityQueryKey = (id: number) => ['opportunities', 'detail', id] as const;

/** The public detail as a list item, for the opportunity card. */
export const asListItem = (detail: OpportunityDetail): OpportunityListItem => ({
  ...detail,
  distanceInMeters: null,
});

/** GET opportunities/{id}: an opportunity campaign's opportunity (404 once it is withdrawn). */
export function useCampaignOpportunity(id: number | null) {
  return useQuery({
    queryKey: opportunityQueryKey(id ?? 0),
    queryFn: ({ signal }): Promise<OpportunityDetail> =>
      apiRequest(`opportunities/${id}`, { signal, schema: opportunityDetail }),
    enabled: id !== null,
  });
}
