import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { invalidateProgress } from '../../action-items';
import { userQueryKey } from '../../../lib/session/current-user';

/** DELETE candidate/avatar: back to initials. */
export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  const { claims } = useSession();
  return useMutation({
    mutationFn: () => apiRequest('candidate/avatar', { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.setQueryData(userQueryKey(claims), (user) =>
        user ? { ...user, avatar: null } : user,
      );
      await invalidateProgress(queryClient);
    },
  });
}
