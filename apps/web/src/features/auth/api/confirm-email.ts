import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { emailConfirmationResponse, messageBody } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';
import { decodeClaims, tokenStore } from '../../../lib/session/token-store';
import { userQueryKey } from '../../../lib/session/current-user';
import type { AccountRole } from './password-reset';

/**
 * Confirms the e-mail address of a link's token; runs once per token. The user comes back only
 * to the request that confirmed; a link already used answers `{ confirmed: true, message }`.
 */
export function useConfirmEmail(role: AccountRole, token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['auth', 'confirmation', role, token],
    queryFn: async ({ signal }) => {
      const confirmed = await apiRequest(`${role}/confirmation`, {
        query: { token },
        signal,
        schema: emailConfirmationResponse,
        sessionCall: false,
      });
      const claims = decodeClaims(tokenStore.get());
      if ('confirmed' in confirmed) {
        // The answer names no one; signed in, the account is read again in case it is this one.
        if (claims) void queryClient.invalidateQueries({ queryKey: userQueryKey(claims) });
        return confirmed;
      }
      // Signed in as the same user: the banner goes away at once.
      if (claims && claims.role === confirmed.role && Number(claims.sub) === confirmed.id) {
        queryClient.setQueryData(userQueryKey(claims), confirmed);
      }
      return confirmed;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Sends a fresh link to the user of a (possibly expired) token. */
export function useResendConfirmation(role: AccountRole) {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(`${role}/confirmation/resend`, {
        method: 'POST',
        body: { token },
        schema: messageBody,
        sessionCall: false,
      }),
  });
}
