import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiKeyScopes } from '@pathways/shared/api-keys/api-keys.rules';
import { apiKeyResponse, createdApiKey } from '@pathways/shared/api-keys/api-keys.schemas';

import { apiRequest } from '../../../lib/api-client';
import { apiKeyKeys } from './query-keys';

function useRefreshAfter<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** POST client/api_keys: the answer holds the key's secret, shown this once. */
export function useCreateApiKey() {
  return useRefreshAfter(
    (apiKey: { name: string; scopes: ApiKeyScopes; expiresAt: string | null }) =>
      apiRequest('client/api_keys', { method: 'POST', body: { apiKey }, schema: createdApiKey }),
  );
}

/** POST client/api_keys/{id}/revoke: the key fails from its next call on. */
export function useRevokeApiKey() {
  return useRefreshAfter((id: number) =>
    apiRequest(`client/api_keys/${id}/revoke`, { method: 'POST', schema: apiKeyResponse }),
  );
}
