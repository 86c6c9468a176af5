import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  mailPreferencesResponse,
  type UpdateMailPreferences,
} from '@pathways/shared/notifications/notifications.schemas';

import { apiRequest } from '../../../lib/api-client';

const key = ['candidate', 'notification-preferences'] as const;

/** Which notifications the candidate also receives by e-mail. */
export function useMailPreferences() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest('candidate/notification_preferences', { signal, schema: mailPreferencesResponse }),
  });
}

export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMailPreferences) =>
      apiRequest('candidate/notification_preferences', {
        method: 'PUT',
        body,
        schema: mailPreferencesResponse,
      }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
