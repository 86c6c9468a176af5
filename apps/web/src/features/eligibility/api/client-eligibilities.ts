import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  clientEligibilityDetail,
  clientEligibilityPage,
  clientEligibilityResponse,
  criterionFunnelResponse,
  inviteResult,
} from '@pathways/shared/eligibility/client-eligibilities.schemas';

import { apiRequest } from '../../../lib/api-client';
import { filtersToQuery, type EligibilityFilters } from '../utils/filters';

export const eligibilityKeys = {
  all: ['client', 'eligibilities'] as const,
  list: (opportunityId: number, filters: EligibilityFilters) =>
    [...eligibilityKeys.all, opportunityId, 'list', filters] as const,
  detail: (opportunityId: number, id: number) =>
    [...eligibilityKeys.all, opportunityId, 'detail', id] as const,
  funnel: (opportunityId: number) => [...eligibilityKeys.all, opportunityId, 'funnel'] as const,
  qualified: (filters: EligibilityFilters) =>
    [...eligibilityKeys.all, 'qualified', filters] as const,
};

const base = (opportunityId: number) => `client/opportunities/${opportunityId}/eligibilities`;

/** One page of the workspace's visible candidates; the previous page stays while the next loads. */
export function useEligibilities(opportunityId: number, filters: EligibilityFilters) {
  return useQuery({
    queryKey: eligibilityKeys.list(opportunityId, filters),
    queryFn: ({ signal }) =>
      apiRequest(base(opportunityId), {
        query: filtersToQuery(filters),
        signal,
        schema: clientEligibilityPage,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One candidate's criteria, loaded when their row is opened. */
export function useEligibility(opportunityId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: eligibilityKeys.detail(opportunityId, id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${base(opportunityId)}/${id}`, {
          signal,
          schema: clientEligibilityDetail,
        })
      ).eligibility,
    enabled,
  });
}

export function useCriterionFunnel(opportunityId: number) {
  return useQuery({
    queryKey: eligibilityKeys.funnel(opportunityId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(opportunityId)}/funnel`, { signal, schema: criterionFunnelResponse }),
  });
}

/** Invites the candidates (one by PATCH, several in one POST); the lists are then refreshed. */
export function useInvite(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      if (ids.length === 1) {
        const { eligibility } = await apiRequest(`${base(opportunityId)}/${ids[0]}/invite`, {
          method: 'PATCH',
          schema: clientEligibilityResponse,
        });
        return { invited: [eligibility], skipped: [] };
      }
      return apiRequest(`${base(opportunityId)}/invite`, {
        method: 'POST',
        body: { eligibilityIds: ids },
        schema: inviteResult,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eligibilityKeys.all }),
  });
}

/** Candidate search: the qualified candidates of every active workspace the user manages. */
export function useQualifiedCandidates(filters: EligibilityFilters) {
  return useQuery({
    queryKey: eligibilityKeys.qualified(filters),
    queryFn: ({ signal }) =>
      apiRequest('client/eligibilities', {
        query: filtersToQuery(filters),
        signal,
        schema: clientEligibilityPage,
      }),
    placeholderData: keepPreviousData,
  });
}
