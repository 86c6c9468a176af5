import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  dismissNotificationResponse,
  notificationListResponse,
  type NotificationList,
} from '@pathways/shared/notifications/notifications.schemas';

import { apiRequest } from '../../../lib/api-client';

import { notificationsQueryKey } from './query-keys';

export { notificationsQueryKey };

/** The bell's list: the newest notifications not dismissed, and how many there are. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('candidate/notifications', {
        signal,
        query: { per: 50 },
        schema: notificationListResponse,
      }),
  });
}

/**
 * Dismisses one notification: it leaves the list at once, comes back if the server refuses,
 * and the list is fetched again either way.
 */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`candidate/notifications/${id}`, {
        method: 'PATCH',
        body: { type: 'dismiss' },
        schema: dismissNotificationResponse,
      }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (previous) {
        queryClient.setQueryData<NotificationList>(notificationsQueryKey, {
          ...previous,
          items: previous.items.filter((n) => n.id !== id),
          total: Math.max(0, previous.total - 1),
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
