import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import type { FlagInput, ScreeningResult } from '@pathways/shared/screening/screening.schemas';

import {
  flagApplication,
  moveApplications,
  rateApplication,
  regretApplications,
  trackerKeys,
} from '../../screening';
import { workspaceKeys } from '../../workspaces';
import { applicationViewKeys } from './application-view';

interface PhaseChoice {
  id: number;
  name: string;
}

/**
 * What a manager does to the applicant on its page: move, regret, rate, flag. Each answer
 * changes the page at once, its history is read again, and the lists that show the
 * application (the tracker, the workspaces' counts per phase) are read again when next shown.
 */
export function useApplicantActions(opportunityId: number, applicationId: number) {
  const queryClient = useQueryClient();
  const detail = applicationViewKeys.detail(opportunityId, applicationId);

  const change = (edit: (view: ApplicationView) => ApplicationView) =>
    queryClient.setQueryData<ApplicationView>(detail, (view) => (view ? edit(view) : view));
  const listsChanged = () => {
    void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
  };
  const screened = (result: ScreeningResult, chosen?: PhaseChoice) => {
    const item = result.items.find((i) => i.id === applicationId);
    if (item) {
      change((view) => {
        const { phase } = view.application;
        const name =
          item.phaseId === chosen?.id
            ? chosen.name
            : item.phaseId === phase?.id
              ? phase.name
              : null;
        return {
          ...view,
          application: {
            ...view.application,
            phase: item.phaseId === null ? null : { id: item.phaseId, name: name ?? '' },
            regrettedAt: item.regrettedAt,
          },
        };
      });
    }
    void queryClient.invalidateQueries({
      queryKey: applicationViewKeys.events(opportunityId, applicationId),
    });
    listsChanged();
  };

  const move = useMutation({
    mutationFn: (phase: PhaseChoice) => moveApplications(opportunityId, phase.id, [applicationId]),
    onSuccess: (result, phase) => screened(result, phase),
  });
  const regret = useMutation({
    mutationFn: () => regretApplications(opportunityId, [applicationId]),
    onSuccess: (result) => screened(result),
  });
  const rate = useMutation({
    mutationFn: (vars: { rating: number | null; previous: number | null }) =>
      rateApplication(opportunityId, applicationId, vars.rating),
    // The stars change at once; a refusal puts the old value back.
    onMutate: (vars) => {
      change((view) => ({ ...view, application: { ...view.application, rating: vars.rating } }));
    },
    onError: (_error, vars) => {
      change((view) => ({ ...view, application: { ...view.application, rating: vars.previous } }));
    },
    onSuccess: (answer) => {
      change((view) => ({
        ...view,
        application: { ...view.application, rating: answer.applicationRating },
      }));
      listsChanged();
    },
  });
  const flag = useMutation({
    mutationFn: (input: Omit<FlagInput, 'applicationId'>) =>
      flagApplication({ ...input, applicationId }),
    onSuccess: () => {
      change((view) => ({ ...view, candidate: { ...view.candidate, reported: true } }));
      listsChanged();
    },
  });
  return { move, regret, rate, flag };
}
