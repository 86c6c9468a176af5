import { useQuery } from '@tanstack/react-query';

import {
  opportunityDetail,
  type OpportunityDetail,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

export function fetchApplyOpportunity(
  opportunityId: number,
  signal?: AbortSignal,
): Promise<OpportunityDetail> {
  return apiRequest(`opportunities/${opportunityId}`, { signal, schema: opportunityDetail });
}

/** The opportunity being applied for: its name, organization, locations and open window. */
export function useApplyOpportunity(opportunityId: number) {
  return useQuery({
    queryKey: applicationKeys.opportunity(opportunityId),
    queryFn: ({ signal }) => fetchApplyOpportunity(opportunityId, signal),
  });
}
