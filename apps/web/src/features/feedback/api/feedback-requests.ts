import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  feedbackRequestList,
  feedbackRequestResponse,
  type AnswerFeedback,
  type CreateFeedbackRequest,
  type FeedbackState,
} from '@pathways/shared/feedback/feedback.schemas';

import { apiRequest } from '../../../lib/api-client';

export const feedbackKeys = {
  all: ['feedback-requests'] as const,
  list: (scope: 'shared' | 'mine', state: FeedbackState | undefined, page: number) =>
    ['feedback-requests', scope, state ?? 'all', page] as const,
};

/** GET client/feedback_requests: shared with me, or made by me; open or answered. */
export function useFeedbackRequests(
  scope: 'shared' | 'mine',
  state: FeedbackState | undefined,
  page = 1,
) {
  return useQuery({
    queryKey: feedbackKeys.list(scope, state, page),
    queryFn: ({ signal }) =>
      apiRequest('client/feedback_requests', {
        signal,
        query: { scope, ...(state ? { state } : {}), page },
        schema: feedbackRequestList,
      }),
    // The page shown stays while the next page of the same list loads; another list starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === scope && previousQuery.queryKey[2] === (state ?? 'all')
        ? previous
        : undefined,
  });
}

/** POST client/feedback_requests: share applicants with colleagues. */
export function useShareApplicants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeedbackRequest) =>
      apiRequest('client/feedback_requests', {
        method: 'POST',
        body,
        schema: feedbackRequestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

/** PATCH client/feedback_requests/{id}: my ratings and comments. */
export function useAnswerFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnswerFeedback }) =>
      apiRequest(`client/feedback_requests/${id}`, {
        method: 'PATCH',
        body,
        schema: feedbackRequestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

/** DELETE client/feedback_requests/{id}/guests/{guestId}: withdraw the link of someone outside. */
export function useRevokeGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guestId }: { id: number; guestId: number }) =>
      apiRequest(`client/feedback_requests/${id}/guests/${guestId}`, {
        method: 'DELETE',
        schema: feedbackRequestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

/**
 * POST client/feedback_requests/{id}/guests/{guestId}/link: e-mail someone outside a new link;
 * their earlier one stops working and, withdrawn, they are asked again.
 */
export function useResendGuestLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guestId }: { id: number; guestId: number }) =>
      apiRequest(`client/feedback_requests/${id}/guests/${guestId}/link`, {
        method: 'POST',
        schema: feedbackRequestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
