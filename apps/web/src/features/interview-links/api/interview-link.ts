import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  InterviewLinkView,
  ScorecardInput,
} from '@pathways/shared/interviews/interviews.schemas';

import { apiRequest } from '../../../lib/api-client';

const schemas = () => import('@pathways/shared/interviews/interviews.schemas');

export const interviewLinkKey = (token: string) => ['interview-link', token] as const;

/** The API path of a link (the token is the only key: no session is sent or needed). */
export const interviewLinkApiPath = (token: string) =>
  `interview_links/${encodeURIComponent(token)}`;

/** Where the browser downloads the interview as an iCalendar file. */
export const interviewCalendarHref = (token: string) =>
  `/api/${interviewLinkApiPath(token)}/calendar`;

/** What the link opens: the interview, the candidate as allowed, the criteria and scorecards. */
export function useInterviewLink(token: string) {
  return useQuery({
    queryKey: interviewLinkKey(token),
    queryFn: ({ signal }) =>
      apiRequest<InterviewLinkView>(interviewLinkApiPath(token), {
        signal,
        schema: () => schemas().then((m) => m.interviewLinkView),
        sessionCall: false,
      }),
    enabled: token !== '',
    retry: false,
  });
}

/** Submits (or replaces) the interviewer's scorecard; the answer is the link's view anew. */
export function useSubmitScorecard(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scorecard: ScorecardInput) =>
      apiRequest<InterviewLinkView>(`${interviewLinkApiPath(token)}/scorecard`, {
        method: 'PUT',
        body: { scorecard },
        schema: () => schemas().then((m) => m.interviewLinkView),
        sessionCall: false,
      }),
    onSuccess: (view) => queryClient.setQueryData(interviewLinkKey(token), view),
  });
}
