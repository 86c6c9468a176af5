import { queryOptions, useQuery } from '@tanstack/react-query';

import type { TokenClaims, User } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../api-client';
import { useSession } from './use-session';

/**
 * The user's own address, taken from the token: candidate/candidate for a candidate,
 * client/clients/{id} for a client user.
 */
export function ownAddress(claims: Pick<TokenClaims, 'role' | 'sub'>): string {
  switch (claims.role) {
    case 'candidate':
      return 'candidate/candidate';
    case 'client':
      return `client/clients/${encodeURIComponent(claims.sub)}`;
    case 'admin':
      return `admin/admins/${encodeURIComponent(claims.sub)}`;
  }
}

export const userQueryKey = (claims: Pick<TokenClaims, 'role' | 'sub'> | null) =>
  ['auth', 'user', claims?.role ?? null, claims?.sub ?? null] as const;

export async function fetchUser(
  claims: Pick<TokenClaims, 'role' | 'sub'>,
  signal?: AbortSignal,
): Promise<User> {
  // The schema is loaded on demand: a guest never needs it on the first page.
  const { user } = await import('@pathways/shared/auth/auth.schemas');
  return apiRequest(ownAddress(claims), { signal, schema: user });
}

export const userQueryOptions = (claims: Pick<TokenClaims, 'role' | 'sub'> | null) =>
  queryOptions({
    queryKey: userQueryKey(claims),
    queryFn: ({ signal }) => fetchUser(claims!, signal),
    enabled: claims !== null,
    staleTime: 60_000,
  });

/** The signed-in user (undefined while loading or for a guest). */
export function useUser() {
  const { claims } = useSession();
  return useQuery(userQueryOptions(claims));
}
