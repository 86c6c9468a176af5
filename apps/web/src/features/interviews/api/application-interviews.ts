import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CandidateApplicationInterviews } from '@pathways/shared/interviews/interviews.schemas';

import { apiRequest } from '../../../lib/api-client';

/** The candidate's interview queries, under one prefix. */
export const interviewKeys = {
  application: (applicationId: number) =>
    ['candidate', 'interviews', 'application', applicationId] as const,
};

const schemas = () => import('@pathways/shared/interviews/interviews.schemas');

/** The times offered for an application and its interviews. */
export function useApplicationInterviews(applicationId: number) {
  return useQuery({
    queryKey: interviewKeys.application(applicationId),
    queryFn: ({ signal }) =>
      apiRequest<CandidateApplicationInterviews>(
        `candidate/applications/${applicationId}/interviews`,
        { signal, schema: () => schemas().then((m) => m.candidateApplicationInterviews) },
      ),
  });
}

/** Books one of the times offered, or asks for others; then the application's interviews refresh. */
export function useInterviewAnswers(applicationId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: interviewKeys.application(applicationId) });
  const book = useMutation({
    mutationFn: ({ offerId, slotId }: { offerId: number; slotId: number }) =>
      apiRequest(`candidate/interview_offers/${offerId}/booking`, {
        method: 'POST',
        body: { slotId },
      }),
    onSettled: refresh,
  });
  const otherTimes = useMutation({
    mutationFn: ({ offerId, message }: { offerId: number; message: string }) =>
      apiRequest(`candidate/interview_offers/${offerId}/other_times`, {
        method: 'POST',
        body: { message },
      }),
    onSettled: refresh,
  });
  return { book, otherTimes };
}
