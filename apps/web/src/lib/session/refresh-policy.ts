import { ACCESS_TOKEN_TTL_MS } from '@pathways/shared/common/constants';

import type { TokenClaims } from '@pathways/shared/auth/auth.schemas';

/** A token older than this is renewed at the next sign of activity. */
export const REFRESH_AFTER_MS = 10 * 60 * 1000;

export function issuedAtMs(claims: Pick<TokenClaims, 'exp' | 'iat'>): number {
  return claims.iat !== undefined ? claims.iat * 1000 : claims.exp * 1000 - ACCESS_TOKEN_TTL_MS;
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, nowMs: number): boolean {
  return claims.exp * 1000 <= nowMs;
}

/**
 * The access token lives 30 minutes and is renewed while the user is active, so that
 * expiry means inactivity: renew once the token is 10 minutes old
 * and the user has done something since it was issued.
 */
export function shouldRefresh(
  claims: Pick<TokenClaims, 'exp' | 'iat'>,
  lastActivityMs: number,
  nowMs: number,
): boolean {
  if (isExpired(claims, nowMs)) return false;
  const issued = issuedAtMs(claims);
  return nowMs - issued >= REFRESH_AFTER_MS && lastActivityMs > issued;
}
