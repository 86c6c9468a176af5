import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ScreeningResult } from '@pathways/shared/screening/screening.schemas';

import {
  moveApplications,
  rateApplication,
  regretApplications,
  trackerKeys,
} from '../../screening';
import { listKey } from './get-applicant-list';
import { changeLoadedRows, type RowChange } from './get-applicants';

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
    // A list paged by the server is asked for again: rows move between tabs.
    void queryClient.invalidateQueries({ queryKey: listKey() });
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
    mutationFn: (vars: RateVars) => rateApplication(vars.opportunityId, vars.id, vars.rating),
    // The stars change at once; a refusal puts the old value back.
    onMutate: (vars) => {
      changeLoadedRows(queryClient, key, new Map([[vars.id, { applicationRating: vars.rating }]]));
    },
    // A list paged by the server may sort by rating.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey() }),
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
