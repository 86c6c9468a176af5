import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, createUser, type TestApp } from '../../test/build-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_IP: '5',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_REGISTER_PER_IP: '2',
      RATE_LIMIT_EMAIL_PER_IP: '2',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password: 'wrong-password' },
  });

describe('rate limits', () => {
  it('limits login attempts per account across addresses, with Retry-After', async () => {
    const user = await createUser(t.database, { role: 'candidate' });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await login(user.email, `10.0.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await login(user.email, '10.0.0.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('rate_limited');
    // Another account from the same place is not affected.
    const other = await createUser(t.database, { role: 'candidate' });
    expect((await login(other.email, '10.0.0.1')).statusCode).toBe(401);
  });

  it('limits login attempts per address across accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(`someone${i}@example.test`, '10.1.1.1')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it('limits registrations per address', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/candidates',
        remoteAddress: '10.2.2.2',
        payload: {
          email: `new${i}-${Date.now()}@example.test`,
          password: 'a-good-password',
          passwordConfirmation: 'a-good-password',
        },
      });
    expect((await register(1)).statusCode).toBe(201);
    expect((await register(2)).statusCode).toBe(201);
    const third = await register(3);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('limits reset requests and confirmation resends per address', async () => {
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/candidate/password',
        remoteAddress: '10.3.3.3',
        payload: { email: 'x@example.test' },
      });
    expect((await reset()).statusCode).toBe(202);
    expect((await reset()).statusCode).toBe(202);
    expect((await reset()).statusCode).toBe(429);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/candidate/confirmation/resend',
        remoteAddress: '10.4.4.4',
        payload: { token: 'whatever' },
      });
    expect((await resend()).statusCode).toBe(422);
    expect((await resend()).statusCode).toBe(422);
    expect((await resend()).statusCode).toBe(429);
  });
});
