import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { messageBody } from '@pathways/shared/auth/auth.schemas';
import {
  socialIdentitiesResponse,
  type SocialProvider,
} from '@pathways/shared/social-auth/social-auth.schemas';

import { apiRequest } from '../../../lib/api-client';

export const identitiesQueryKey = ['candidate', 'identities'] as const;

/** GET candidate/candidate/identities: the linked providers and whether a password is set. */
export function useIdentities() {
  return useQuery({
    queryKey: identitiesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('candidate/candidate/identities', { signal, schema: socialIdentitiesResponse }),
  });
}

/** DELETE candidate/candidate/identities/{provider}: refused (422) for the last way in. */
export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: SocialProvider) =>
      apiRequest(`candidate/candidate/identities/${provider}`, {
        method: 'DELETE',
        schema: messageBody,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identitiesQueryKey }),
  });
}

/**
 * Whether the account has a password to confirm sensitive changes with. An account made through a
 * social provider has none; until the answer comes, forms ask for it as before.
 */
export function useHasPassword(): boolean {
  return useIdentities().data?.hasPassword ?? true;
}
