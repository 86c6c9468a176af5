import { describe, expect, it } from 'vitest';

import { isExpired, issuedAtMs, shouldRefresh } from './refresh-policy';

const minute = 60_000;
const issued = Date.UTC(2026, 10, 1, 12, 0, 0);
const claims = { iat: issued / 1000, exp: (issued + 30 * minute) / 1000 };

describe('shouldRefresh', () => {
  it('waits until the token is 10 minutes old', () => {
    expect(shouldRefresh(claims, issued + 9 * minute, issued + 9 * minute)).toBe(false);
    expect(shouldRefresh(claims, issued + 10 * minute, issued + 10 * minute)).toBe(true);
  });

  it('needs activity since the token was issued, so expiry means inactivity', () => {
    expect(shouldRefresh(claims, issued - minute, issued + 20 * minute)).toBe(false);
    expect(shouldRefresh(claims, issued + 2 * minute, issued + 20 * minute)).toBe(true);
  });

  it('never refreshes an expired token', () => {
    expect(shouldRefresh(claims, issued + 29 * minute, issued + 30 * minute)).toBe(false);
    expect(isExpired(claims, issued + 30 * minute)).toBe(true);
  });

  it('falls back to 30 minutes before expiry when the token has no iat', () => {
    expect(issuedAtMs({ exp: claims.exp })).toBe(issued);
  });
});
