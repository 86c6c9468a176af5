import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { user, type RegisterBody, type User } from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { apiRequest } from '../../../lib/api-client';
import { decodeClaims, tokenStore } from '../../../lib/auth/token-store';
import { userQueryKey } from './get-user';

export function register(body: RegisterBody): Promise<User> {
  return apiRequest('candidates', { method: 'POST', body, schema: user, sessionCall: false });
}

/** Creates a candidate account; the token arrives with it, then the dashboard opens. */
export function useRegister(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: register,
    onSuccess: async (created) => {
      const claims = decodeClaims(tokenStore.get());
      if (claims) queryClient.setQueryData(userQueryKey(claims), created);
      options.onSuccess?.();
      await navigate(paths.dashboard);
    },
  });
}
