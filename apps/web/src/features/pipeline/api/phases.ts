import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  phaseList,
  type PhaseCreate,
  type PhaseList,
  type PhasePatch,
} from '@pathways/shared/pipeline/pipeline.schemas';

import { apiRequest } from '../../../lib/api-client';
import { pipelineKeys } from './query-keys';

const path = (opportunityId: number) => `client/opportunities/${opportunityId}/phases`;

export function fetchPhases(opportunityId: number, signal?: AbortSignal): Promise<PhaseList> {
  return apiRequest(path(opportunityId), { signal, schema: phaseList });
}

/** The phases of a workspace in chain order, numbered from 1. */
export function usePhases(opportunityId: number) {
  return useQuery({
    queryKey: pipelineKeys.phases(opportunityId),
    queryFn: ({ signal }) => fetchPhases(opportunityId, signal),
  });
}

/** Every change answers the whole new chain, which replaces the cached one. */
function usePhaseChange<V>(opportunityId: number, call: (values: V) => Promise<PhaseList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => queryClient.setQueryData(pipelineKeys.phases(opportunityId), list),
  });
}

export function useAddPhase(opportunityId: number) {
  return usePhaseChange(opportunityId, (phase: PhaseCreate) =>
    apiRequest(path(opportunityId), { method: 'POST', body: { phase }, schema: phaseList }),
  );
}

export function useChangePhase(opportunityId: number) {
  return usePhaseChange(opportunityId, ({ id, ...phase }: PhasePatch & { id: number }) =>
    apiRequest(`${path(opportunityId)}/${id}`, {
      method: 'PATCH',
      body: { phase },
      schema: phaseList,
    }),
  );
}

export function useDeletePhase(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${path(opportunityId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: pipelineKeys.phases(opportunityId) }),
  });
}
