import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import type { DeleteAccountBody } from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { apiRequest } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/session/token-store';

/**
 * DELETE candidate/candidate {currentPassword} -> 204: the account is gone, so the browser
 * forgets the session and every cached answer and goes home.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiRequest('candidate/candidate', { method: 'DELETE', body }),
    onSuccess: async () => {
      await navigate(paths.home);
      tokenStore.clear();
      queryClient.clear();
    },
  });
}
