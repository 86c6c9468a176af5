import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie: a browser that logged in to an account successfully gets a signed cookie
 * naming the account and a random device id. Log-in attempts from a browser holding the cookie
 * of the account they are for are counted against that device alone, so strangers failing on
 * the same address (or on the account, from elsewhere) never lock its owner out.
 */
export const DEVICE_COOKIE = 'pathways_device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface Device {
  userId: number;
  deviceId: string;
}

/** A key of its own for device cookies, derived from the server's secret. */
function macKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('pathways device cookie').digest();
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', macKey(secret)).update(payload).digest();
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's value: `<userId>.<deviceId>.<signature>`. */
export function signDevice(secret: string, device: Device): string {
  const payload = `${device.userId}.${device.deviceId}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The device a cookie value names, when its signature is this server's; otherwise nothing. */
export function verifyDevice(secret: string, value: string | undefined): Device | undefined {
  const match = /^([1-9]\d{0,15})\.([\w-]{16,64})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return undefined;
  const [, userId, deviceId, signature] = match as unknown as [string, string, string, string];
  const expected = mac(secret, `${userId}.${deviceId}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: Number(userId), deviceId };
}

/**
 * The Set-Cookie header for a device: HttpOnly, sent back only to the log-in's path, only by
 * this site, over https when the site is served over https.
 */
export function deviceCookieHeader(secret: string, device: Device, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${signDevice(secret, device)}`,
    'Path=/api/auth',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
