import { createHmac, timingSafeEqual } from 'node:crypto';

// The unsubscribe link of an e-mail carries a token that is its own authorization: the user id
// and the notification type, signed with HMAC-SHA-256 under a key derived from the app's secret
// for this one purpose. Form: `<user id>.<type, base64url>.<signature, base64url>`. It does not
// expire: an old e-mail's link still turns that mail off.

const PURPOSE = 'pathways notification unsubscribe v1';

const keyOf = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest();
const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest();

export function signUnsubscribeToken(secret: string, userId: number, type: string): string {
  const payload = `${userId}.${Buffer.from(type).toString('base64url')}`;
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{1,80})\.([A-Za-z0-9_-]{43})$/;

/** The user and type a genuine token names, or null for anything else. */
export function checkUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; type: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const expected = signatureOf(secret, `${match[1]}.${match[2]}`);
  const given = Buffer.from(match[3]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(match[1]), type: Buffer.from(match[2]!, 'base64url').toString() };
}
