import { describe, expect, it } from 'vitest';

import { deviceCookieHeader, newDeviceId, signDevice, verifyDevice } from './device-cookie.ts';

const secret = 'a-server-secret-that-is-long-enough-for-signing';

describe('device cookie', () => {
  it('names the account and device it was signed for', () => {
    const device = { userId: 42, deviceId: newDeviceId() };
    expect(verifyDevice(secret, signDevice(secret, device))).toEqual(device);
  });

  it('is refused when changed, signed by another server or malformed', () => {
    const device = { userId: 42, deviceId: newDeviceId() };
    const value = signDevice(secret, device);
    const [, deviceId, signature] = value.split('.');
    expect(verifyDevice(secret, `43.${deviceId}.${signature}`)).toBeUndefined();
    expect(verifyDevice(secret, `42.${newDeviceId()}.${signature}`)).toBeUndefined();
    expect(verifyDevice(`${secret}-other`, value)).toBeUndefined();
    expect(verifyDevice(secret, `${value}x`)).toBeUndefined();
    expect(verifyDevice(secret, '')).toBeUndefined();
    expect(verifyDevice(secret, undefined)).toBeUndefined();
  });

  it('gives each browser its own device id', () => {
    expect(newDeviceId()).not.toBe(newDeviceId());
  });

  it('is HttpOnly, strict to this site and the log-in path, Secure only over https', () => {
    const device = { userId: 1, deviceId: newDeviceId() };
    const plain = deviceCookieHeader(secret, device, false);
    expect(plain).toMatch(/^pathways_device=1\.[\w-]+\.[\w-]+; /);
    expect(plain).toContain('; Path=/api/auth; Max-Age=31536000; HttpOnly; SameSite=Strict');
    expect(plain).not.toContain('Secure');
    expect(deviceCookieHeader(secret, device, true)).toMatch(/; Secure$/);
  });
});
