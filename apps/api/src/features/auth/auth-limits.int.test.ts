import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, createUser, type TestApp } from '../../test/build-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_IP: '10',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN: '4',
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
  it('refuses wrong passwords per account and address, never locking the owner out', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(owner.email, '10.0.0.66')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);

    // The attacker's address is refused for the whole window, and says so honestly.
    const limited = await login(owner.email, '10.0.0.66');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    const windowSeconds = t.config.rateLimits.windowMs / 1000;
    expect(Number(limited.headers['retry-after'])).toBe(windowSeconds);
    // Even the right password from there waits for the window.
    const rightFromThere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.66',
      payload: { email: owner.email, password: 'the-owners-password' },
    });
    expect(rightFromThere.statusCode).toBe(429);

    // The owner, from their own address, logs in at once.
    const ownerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.1',
      payload: { email: owner.email.toUpperCase(), password: 'the-owners-password' },
    });
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.headers.authorization).toMatch(/^Bearer /);

    // A second before Retry-After the attacker is still refused; at Retry-After the next try is
    // judged on its password again.
    t.clock.advance((windowSeconds - 1) * 1000);
    const early = await login(owner.email, '10.0.0.66');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    t.clock.advance(1000);
    expect((await login(owner.email, '10.0.0.66')).statusCode).toBe(401);
  });

  it('slows an account attacked from many addresses without refusing its owner', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    // Six failures from three addresses: two past the account's ceiling of four.
    for (const address of ['10.0.7.1', '10.0.7.2', '10.0.7.3']) {
      expect((await login(owner.email, address)).statusCode).toBe(401);
      expect((await login(owner.email, address)).statusCode).toBe(401);
    }
    const started = performance.now();
    const ownerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      payload: { email: owner.email, password: 'the-owners-password' },
    });
    expect(ownerLogin.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    // Another account is not slowed.
    const other = await createUser(t.database, { role: 'candidate' }, 'the-others-password');
    const quick = performance.now();
    const otherLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      payload: { email: other.email, password: 'the-others-password' },
    });
    expect(otherLogin.statusCode).toBe(200);
    expect(performance.now() - quick).toBeLessThan(1000);
  });

  it('limits login attempts per address across accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login(`someone${i}@example.test`, '10.1.1.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
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

describe('log-in limits at their defaults', () => {
  it('refuses an address after ten wrong passwords for an account, not its owner', async () => {
    const defaults = await createTestApp({
      env: { RATE_LIMIT_LOGIN_PER_IP: '30', RATE_LIMIT_LOGIN_PER_ACCOUNT: '10' },
    });
    try {
      const owner = await createUser(defaults.database, { role: 'candidate' }, 'owner-password');
      const attempt = (password: string, remoteAddress: string) =>
        defaults.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: owner.email, password },
        });
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt('guess', '127.0.0.2')).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      const refused = await attempt('guess', '127.0.0.2');
      expect(refused.headers['retry-after']).toBe('900');

      const ownerLogin = await attempt('owner-password', '127.0.0.1');
      expect(ownerLogin.statusCode).toBe(200);
    } finally {
      await defaults.close();
    }
  });
});
