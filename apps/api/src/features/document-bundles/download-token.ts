import { createHmac, timingSafeEqual } from 'node:crypto';

// The e-mailed download link carries a token that is its own authorization: the bundle id and
// the expiry, signed with HMAC-SHA-256 under a key derived from the app's secret for this one
// purpose (so no other signed value of the app can stand in for it). Form:
// `<bundle id>.<expiry, seconds since 1970>.<signature, base64url>`.

const PURPOSE = 'pathways document bundle download v1';

export type TokenCheck =
  { ok: true; bundleId: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

function signatureOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(payload).digest();
}

export function signDownloadToken(secret: string, bundleId: number, expiresAt: Date): string {
  const payload = `${bundleId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Whether the token is one this app signed for `bundleId` and still valid at `now`. A token
 * for another bundle, a changed id or expiry, or a wrong signature is `invalid`; the signature
 * is checked before the expiry, so only a genuine token is ever reported `expired`.
 */
export function checkDownloadToken(
  secret: string,
  token: string | undefined,
  bundleId: number,
  now: Date,
): TokenCheck {
  const match = TOKEN.exec(token ?? '');
  if (!match) return { ok: false, reason: 'invalid' };
  const [, id, expiry, signature] = match as unknown as [string, string, string, string];
  const expected = signatureOf(secret, `${id}.${expiry}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number(id) !== bundleId) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, bundleId, expiresAt };
}
