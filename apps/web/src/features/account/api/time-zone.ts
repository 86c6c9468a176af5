import { useMutation, useQueryClient } from '@tanstack/react-query';

import { user, type UpdateTimeZoneBody } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/session/current-user';
import { useSession } from '../../../lib/session/use-session';

/**
 * PUT {role}/time_zone: the zone the signed-in user reads times in (null for the default). The
 * answer is the account, which replaces the signed-in user's, so every time on screen follows.
 */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  const { claims } = useSession();
  return useMutation({
    mutationFn: (timeZone: string | null) => {
      const body: UpdateTimeZoneBody = { timeZone };
      return apiRequest(`${claims?.role === 'client' ? 'client' : 'candidate'}/time_zone`, {
        method: 'PUT',
        body,
        schema: user,
      });
    },
    onSuccess: (updated) => queryClient.setQueryData(userQueryKey(claims), updated),
  });
}
