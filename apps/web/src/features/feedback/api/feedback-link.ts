import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AnswerFeedback, FeedbackLinkView } from '@pathways/shared/feedback/feedback.schemas';

import { apiRequest } from '../../../lib/api-client';

const schemas = () => import('@pathways/shared/feedback/feedback.schemas');

export const feedbackLinkKey = (token: string) => ['feedback-link', token] as const;

/** The API path of a link (the token is the only key: no session is sent or needed). */
const feedbackLinkApiPath = (token: string) => `feedback_links/${encodeURIComponent(token)}`;

/** What the link opens: the shared applicants as allowed, the message, my answers. */
export function useFeedbackLink(token: string) {
  return useQuery({
    queryKey: feedbackLinkKey(token),
    queryFn: ({ signal }) =>
      apiRequest<FeedbackLinkView>(feedbackLinkApiPath(token), {
        signal,
        schema: () => schemas().then((m) => m.feedbackLinkView),
        sessionCall: false,
      }),
    enabled: token !== '',
    retry: false,
  });
}

/** Saves (or replaces) my answers; the answer is the link's view anew. */
export function useAnswerFeedbackLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerFeedback) =>
      apiRequest<FeedbackLinkView>(feedbackLinkApiPath(token), {
        method: 'PATCH',
        body,
        schema: () => schemas().then((m) => m.feedbackLinkView),
        sessionCall: false,
      }),
    onSuccess: (view) => queryClient.setQueryData(feedbackLinkKey(token), view),
  });
}
