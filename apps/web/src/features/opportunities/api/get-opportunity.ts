import { useQuery } from '@tanstack/react-query';

import type {
  OpportunityDetail,
  OpportunityListItem,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { LIST_ITEM_PLACES } from '@pathways/shared/opportunities/search';

import { apiRequest } from '../../../lib/api-client';

export const opportunityQueryKey = (id: number) => ['opportunities', 'detail', id] as const;

/** GET opportunities/{id}: the public page of an opportunity (the same for every role). */
export function fetchOpportunity(id: number, signal?: AbortSignal): Promise<OpportunityDetail> {
  return apiRequest(`opportunities/${id}`, {
    signal,
    schema: () =>
      import('@pathways/shared/opportunities/opportunities.schemas').then(
        (m) => m.opportunityDetail,
      ),
  });
}

/** One opportunity by id (the page, the apply page, a campaign's card share the answer). */
export function useOpportunity(id: number | null) {
  return useQuery({
    queryKey: opportunityQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchOpportunity(id ?? 0, signal),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** The public detail as a list item, for the opportunity card. */
export const detailAsListItem = (detail: OpportunityDetail): OpportunityListItem => ({
  ...detail,
  locations: detail.locations.slice(0, LIST_ITEM_PLACES),
  locationCount: detail.locations.length,
  distanceInMeters: null,
});
