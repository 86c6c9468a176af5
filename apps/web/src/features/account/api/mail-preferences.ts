import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  mailPreferencesResponse,
  type UpdateMailPreferences,
} from '@pathways/shared/notifications/notifications.schemas';

import { apiRequest } from '../../../lib/api-client';

/** Candidates choose on their settings page, client users on Shared With Me. */
export type MailRole = 'candidate' | 'client';

const keyOf = (role: MailRole) => [role, 'notification-preferences'] as const;

/** Which e-mails the signed-in user receives. */
export function useMailPreferences(role: MailRole = 'candidate') {
  return useQuery({
    queryKey: keyOf(role),
    queryFn: ({ signal }) =>
      apiRequest(`${role}/notification_preferences`, { signal, schema: mailPreferencesResponse }),
  });
}

export function useUpdateMailPreferences(role: MailRole = 'candidate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMailPreferences) =>
      apiRequest(`${role}/notification_preferences`, {
        method: 'PUT',
        body,
        schema: mailPreferencesResponse,
      }),
    onSuccess: (data) => queryClient.setQueryData(keyOf(role), data),
  });
}
