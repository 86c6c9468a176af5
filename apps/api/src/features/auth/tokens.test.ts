import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';

import { AppError } from '../../lib/app-error.ts';
import {
  bearerToken,
  generateLinkToken,
  hashLinkToken,
  signAccessToken,
  verifyAccessToken,
} from './tokens.ts';

const secret = 'unit-test-secret-unit-test-secret-0123';
const t0 = new Date('2026-11-22T08:00:00Z');
const in30 = new Date(t0.getTime() + 30 * 60_000);
const claims = {
  userId: 7,
  role: 'client' as const,
  primary: true,
  sessionId: '6a1d6f0e-2c1c-4c55-9f8a-0d6ad1c1a001',
};

describe('access tokens', () => {
  it('carry sub, role, primary, sid and exp, signed with HS256', async () => {
    const token = await signAccessToken(secret, claims, t0, in30);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(decodeJwt(token)).toMatchObject({
      sub: '7',
      role: 'client',
      primary: true,
      sid: claims.sessionId,
      exp: in30.getTime() / 1000,
    });
    await expect(
      verifyAccessToken(secret, token, new Date(in30.getTime() - 1000)),
    ).resolves.toMatchObject({ sub: '7' });
  });

  it('leave primary out for candidates', async () => {
    const token = await signAccessToken(
      secret,
      { ...claims, role: 'candidate', primary: false },
      t0,
      in30,
    );
    expect(decodeJwt(token)).not.toHaveProperty('primary');
  });

  it('say session_expired once past exp, unauthenticated when forged', async () => {
    const token = await signAccessToken(secret, claims, t0, in30);
    await expect(
      verifyAccessToken(secret, token, new Date(in30.getTime() + 1000)),
    ).rejects.toMatchObject({ code: 'session_expired' });
    await expect(
      verifyAccessToken('another-secret-another-secret-another', token, t0),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(verifyAccessToken(secret, 'not.a.jwt', t0)).rejects.toBeInstanceOf(AppError);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe('link tokens', () => {
  it('are random and stored only as their SHA-256', () => {
    const a = generateLinkToken();
    const b = generateLinkToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[\w-]{43}$/);
    expect(a.hash).toBe(hashLinkToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
