import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  screeningResult,
  type ScreeningResult,
} from '@pathways/shared/screening/screening.schemas';

import { apiRequest } from '../../../lib/api-client';
import { changeLoadedRows, type RowChange } from './get-applicants';
import { trackerKeys } from './query-keys';

const applications = (opportunityId: number) =>
  `client/opportunities/${opportunityId}/applications`;

/** Moves one application (its own event) or many (one assign, all or nothing) to a phase. */
export function moveApplications(
  opportunityId: number,
  phaseId: number,
  ids: number[],
): Promise<ScreeningResult> {
  if (ids.length === 1) {
    return apiRequest(`${applications(opportunityId)}/${ids[0]}/events`, {
      method: 'POST',
      body: { phaseId },
      schema: screeningResult,
    });
  }
  return apiRequest(`${applications(opportunityId)}/assign`, {
    method: 'POST',
    body: { phaseId, opportunityApplicationIds: ids },
    schema: screeningResult,
  });
}

/** Regrets one application or many (one call, all or nothing); the candidates are told. */
export function regretApplications(opportunityId: number, ids: number[]): Promise<ScreeningResult> {
  if (ids.length === 1) {
    return apiRequest(`${applications(opportunityId)}/${ids[0]}/regret`, {
      method: 'PATCH',
      schema: screeningResult,
    });
  }
  return apiRequest(`${applications(opportunityId)}/regret`, {
    method: 'PATCH',
    body: { applicationIds: ids },
    schema: screeningResult,
  });
}

/** The rows as the answer says they are now. */
function changesOf(result: ScreeningResult): Map<number, RowChange> {
  return new Map(
    result.items.map((item) => [item.id, { phaseId: item.phaseId, regrettedAt: item.regrettedAt }]),
  );
}

interface RateVars {
  opportunityId: number;
  id: number;
  rating: number | null;
  /** The rating before, put back when the change is refused. */
  previous: number | null;
}

/**
 * The tracker's actions on the rows of `listOpportunityId`'s load (a workspace's, or every workspace's):
 * each answer changes the loaded rows in place.
 */
export function useScreeningActions(listOpportunityId: number | null) {
  const queryClient = useQueryClient();
  const key = trackerKeys.applicants(listOpportunityId);
  const apply = (result: ScreeningResult) => {
    changeLoadedRows(queryClient, key, changesOf(result));
    // The workspace list and page show counts per phase.
    void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
  };

  const move = useMutation({
    mutationFn: (vars: { opportunityId: number; phaseId: number; ids: number[] }) =>
      moveApplications(vars.opportunityId, vars.phaseId, vars.ids),
    onSuccess: apply,
  });
  const regret = useMutation({
    mutationFn: (vars: { opportunityId: number; ids: number[] }) =>
      regretApplications(vars.opportunityId, vars.ids),
    onSuccess: apply,
  });
  const rate = useMutation({
    mutationFn: (vars: RateVars) =>
      apiRequest(`${applications(vars.opportunityId)}/${vars.id}/rating`, {
        method: 'PATCH',
        body: { rating: vars.rating },
      }),
    // The stars change at once; a refusal puts the old value back.
    onMutate: (vars) => {
      changeLoadedRows(queryClient, key, new Map([[vars.id, { applicationRating: vars.rating }]]));
    },
    onError: (_error, vars) => {
      changeLoadedRows(
        queryClient,
        key,
        new Map([[vars.id, { applicationRating: vars.previous }]]),
      );
    },
  });
  return { move, regret, rate };
}
