import { useMutation, useQuery } from '@tanstack/react-query';

import {
  unsubscribeInfoResponse,
  unsubscribeResponse,
} from '@pathways/shared/notifications/notifications.schemas';

import { apiRequest } from '../../../lib/api-client';

/** What the e-mail's link turns off (no sign-in: the token is its own authorization). */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      apiRequest('notifications/unsubscribe/about', {
        signal,
        query: { token },
        schema: unsubscribeInfoResponse,
        sessionCall: false,
      }),
    enabled: token !== '',
    retry: false,
  });
}

/** Turns that type of e-mail off. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest('notifications/unsubscribe', {
        method: 'POST',
        query: { token },
        schema: unsubscribeResponse,
        sessionCall: false,
      }),
  });
}
