import { useMemo, useSyncExternalStore } from 'react';

import type { Role, TokenClaims } from '@pathways/shared/auth/auth.schemas';

import { decodeClaims, tokenStore } from './token-store';

export interface Viewer {
  id: number;
  role: Role;
  primary: boolean;
}

export interface Session {
  token: string | null;
  claims: TokenClaims | null;
  /** The signed-in user as the token describes them; null for a guest. */
  viewer: Viewer | null;
}

export function viewerFromClaims(claims: TokenClaims | null): Viewer | null {
  if (!claims) return null;
  return { id: Number(claims.sub), role: claims.role, primary: claims.primary ?? false };
}

export function useSession(): Session {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
  return useMemo(() => {
    const claims = decodeClaims(token);
    return { token, claims, viewer: viewerFromClaims(claims) };
  }, [token]);
}
