import { useQuery } from '@tanstack/react-query';

import {
  opportunityDetail,
  type OpportunityDetail,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';

export const opportunityQueryKey = (id: number) => ['opportunities', 'detail', id] as const;

/** GET opportunities/{id}: the public page of an opportunity (the same for every role). */
export function fetchOpportunity(id: number, signal?: AbortSignal): Promise<OpportunityDetail> {
  return apiRequest(`opportunities/${id}`, { signal, schema: opportunityDetail });
}

export function useOpportunity(id: number) {
  return useQuery({
    queryKey: opportunityQueryKey(id),
    queryFn: ({ signal }) => fetchOpportunity(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
