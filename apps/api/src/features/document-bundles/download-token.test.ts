import { describe, expect, it } from 'vitest';

import { checkDownloadToken, signDownloadToken } from './download-token.ts';

const secret = 'a-secret-that-is-long-enough-for-the-tests';
const now = new Date('2026-11-24T12:00:00Z');
const inAWeek = new Date('2026-12-01T12:00:00Z');

describe('download tokens', () => {
  const token = signDownloadToken(secret, 42, inAWeek);

  it('is the bundle id, the expiry and a signature', () => {
    expect(token).toMatch(/^42\.1796126400\.[A-Za-z0-9_-]{43}$/);
  });

  it('opens the bundle it was signed for until it expires', () => {
    expect(checkDownloadToken(secret, token, 42, now)).toEqual({
      ok: true,
      bundleId: 42,
      expiresAt: inAWeek,
    });
    expect(checkDownloadToken(secret, token, 42, new Date(inAWeek.getTime() - 1000)).ok).toBe(true);
  });

  it('is expired from its expiry on', () => {
    expect(checkDownloadToken(secret, token, 42, inAWeek)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('opens no other bundle', () => {
    expect(checkDownloadToken(secret, token, 43, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is invalid when any part is changed', () => {
    const [id, expiry, signature] = token.split('.') as [string, string, string];
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const bad of [
      `43.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 86_400}.${signature}`,
      `${id}.${expiry}.${flipped}`,
      `${id}.${expiry}.${signature}x`,
      `${id}.${expiry}`,
      '',
      undefined,
      'not a token',
    ]) {
      expect(checkDownloadToken(secret, bad, 42, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('is invalid under another secret, even when expired', () => {
    expect(checkDownloadToken(`${secret}!`, token, 42, now).ok).toBe(false);
    const old = signDownloadToken(`${secret}!`, 42, new Date('2020-01-01T00:00:00Z'));
    expect(checkDownloadToken(secret, old, 42, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
