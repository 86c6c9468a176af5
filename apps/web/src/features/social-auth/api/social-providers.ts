import { queryOptions, useQuery } from '@tanstack/react-query';

import { socialProvidersResponse } from '@pathways/shared/social-auth/social-auth.schemas';

import { apiRequest } from '../../../lib/api-client';

export const socialProvidersQueryKey = ['social-auth', 'providers'] as const;

/** GET auth/providers: the providers this server is configured for (none: no buttons). */
export const socialProvidersQuery = queryOptions({
  queryKey: socialProvidersQueryKey,
  queryFn: ({ signal }) =>
    apiRequest('auth/providers', { signal, schema: socialProvidersResponse, sessionCall: false }),
  staleTime: Infinity,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQuery);
}
