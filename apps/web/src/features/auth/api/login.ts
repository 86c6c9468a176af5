import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { user, type LoginBody, type User } from '@pathways/shared/auth/auth.schemas';

import { ApiError, apiRequest } from '../../../lib/api-client';
import { decodeClaims, tokenStore } from '../../../lib/session/token-store';
import { userQueryKey } from '../../../lib/session/current-user';

export async function login(body: LoginBody): Promise<User> {
  // 401 here means wrong credentials, not an ended session.
  const signedIn = await apiRequest('auth/login', {
    method: 'POST',
    body,
    schema: user,
    sessionCall: false,
  }).catch((error: unknown) => {
    // A 204 answer to a login counts as a failed login.
    if (error instanceof ApiError && error.code === 'no_content') throw new ApiError(204);
    throw error;
  });
  if (!decodeClaims(tokenStore.get())) throw new ApiError(204);
  return signedIn;
}

/**
 * Logs in, then goes back to `returnTo` when a page asked for it, else sends a client to
 * /client/opportunities and everyone else to /dashboard.
 */
export function useLogin(options: { onSuccess?: () => void; returnTo?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: async (signedIn) => {
      const claims = decodeClaims(tokenStore.get())!;
      queryClient.setQueryData(userQueryKey(claims), signedIn);
      options.onSuccess?.();
      await navigate(options.returnTo ?? landingPath({ role: claims.role }));
    },
  });
}
