import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  requirementList,
  requirementPreview,
  type RequirementList,
  type RequirementSet,
} from '@pathways/shared/pipeline/pipeline.schemas';

import { apiRequest } from '../../../lib/api-client';
import { pipelineKeys } from './query-keys';

const path = (opportunityId: number) => `client/opportunities/${opportunityId}/requirements`;

export function fetchRequirements(
  opportunityId: number,
  signal?: AbortSignal,
): Promise<RequirementList> {
  return apiRequest(path(opportunityId), { signal, schema: requirementList });
}

/** The eligibility requirements of a workspace, in order, each with its words. */
export function useRequirements(opportunityId: number) {
  return useQuery({
    queryKey: pipelineKeys.requirements(opportunityId),
    queryFn: ({ signal }) => fetchRequirements(opportunityId, signal),
  });
}

/** PUT: the whole set replaces the stored one. */
export function useSaveRequirements(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirements: RequirementSet) =>
      apiRequest(path(opportunityId), {
        method: 'PUT',
        body: { requirements },
        schema: requirementList,
      }),
    onSuccess: (list) => queryClient.setQueryData(pipelineKeys.requirements(opportunityId), list),
  });
}

/** How many candidates with a complete profile a proposed set would admit. */
export function usePreviewRequirements(opportunityId: number) {
  return useMutation({
    mutationFn: (requirements: RequirementSet) =>
      apiRequest(`${path(opportunityId)}/preview`, {
        method: 'POST',
        body: { requirements },
        schema: requirementPreview,
      }),
  });
}
