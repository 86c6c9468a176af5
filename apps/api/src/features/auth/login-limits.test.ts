import { describe, expect, it } from 'vitest';

import {
  clientKey,
  createLoginLimiter,
  loginVerdict,
  type LoginLimitPolicy,
} from './login-limits.ts';

const minute = 60_000;
const policy: LoginLimitPolicy = {
  perPair: 3,
  accountSlowdownAfter: 5,
  windowMs: 15 * minute,
  stepMs: 1000,
  maxDelayMs: 5000,
};
const t0 = 1_800_000_000_000;

describe('loginVerdict', () => {
  it('lets an address try until it reaches the limit for that account', () => {
    expect(loginVerdict([], [], t0, policy)).toEqual({ allowed: true, delayMs: 0 });
    expect(loginVerdict([t0 - 2, t0 - 1], [t0 - 2, t0 - 1], t0, policy)).toEqual({
      allowed: true,
      delayMs: 0,
    });
    expect(loginVerdict([t0 - 3, t0 - 2, t0 - 1], [], t0, policy).allowed).toBe(false);
  });

  it('says to retry when the oldest counted failure leaves the window', () => {
    const failures = [t0 - 10 * minute, t0 - 5 * minute, t0 - minute];
    expect(loginVerdict(failures, [], t0, policy)).toEqual({
      allowed: false,
      retryAfterSeconds: 5 * 60,
    });
    // At that moment the next attempt is let through, and not a second before.
    expect(loginVerdict(failures, [], t0 + 5 * minute - 1000, policy).allowed).toBe(false);
    expect(loginVerdict(failures, [], t0 + 5 * minute, policy).allowed).toBe(true);
  });

  it('waits for enough failures to leave when there are more than the limit', () => {
    const failures = [t0 - 14 * minute, t0 - 12 * minute, t0 - 3 * minute, t0 - 2 * minute];
    // Four failures: two must leave, the second one 3 minutes from now.
    expect(loginVerdict(failures, [], t0, policy)).toEqual({
      allowed: false,
      retryAfterSeconds: 3 * 60,
    });
  });

  it('rounds the wait up to whole seconds and never says 0', () => {
    const failures = [t0 - 15 * minute + 1500, t0 - 1, t0 - 1];
    expect(loginVerdict(failures, [], t0, policy)).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    });
    const almost = [t0 - 15 * minute + 1, t0 - 1, t0 - 1];
    expect(loginVerdict(almost, [], t0, policy)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets failures older than the window', () => {
    const old = [t0 - 20 * minute, t0 - 16 * minute, t0 - 15 * minute];
    expect(loginVerdict(old, old, t0, policy)).toEqual({ allowed: true, delayMs: 0 });
  });

  it('only slows an account down for failures from everywhere, never refuses it', () => {
    const many = Array.from({ length: 6 }, (_, i) => t0 - i * 1000);
    expect(loginVerdict([], many, t0, policy)).toEqual({ allowed: true, delayMs: 1000 });
    const more = Array.from({ length: 8 }, (_, i) => t0 - i * 1000);
    expect(loginVerdict([], more, t0, policy)).toEqual({ allowed: true, delayMs: 3000 });
    const lots = Array.from({ length: 500 }, (_, i) => t0 - i * 1000);
    expect(loginVerdict([], lots, t0, policy)).toEqual({ allowed: true, delayMs: 5000 });
  });
});

describe('createLoginLimiter', () => {
  it('counts failures per account and address, and forgives an address on success', () => {
    let now = t0;
    const limiter = createLoginLimiter(policy, () => now);
    for (let i = 0; i < 3; i++) limiter.failed('owner@example.test', '10.0.0.9');
    expect(limiter.check('owner@example.test', '10.0.0.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 15 * 60,
    });
    expect(limiter.check('owner@example.test', '10.0.0.1')).toEqual({ allowed: true, delayMs: 0 });
    expect(limiter.check('other@example.test', '10.0.0.9')).toEqual({ allowed: true, delayMs: 0 });

    limiter.failed('owner@example.test', '10.0.0.1');
    limiter.succeeded('owner@example.test', '10.0.0.1');
    limiter.failed('owner@example.test', '10.0.0.1');
    limiter.failed('owner@example.test', '10.0.0.1');
    expect(limiter.check('owner@example.test', '10.0.0.1').allowed).toBe(true);

    now += 15 * minute;
    expect(limiter.check('owner@example.test', '10.0.0.9')).toEqual({ allowed: true, delayMs: 0 });
  });

  it('slows the account once failures from many addresses pass the ceiling', () => {
    const limiter = createLoginLimiter(policy, () => t0);
    for (let i = 0; i < 7; i++) limiter.failed('owner@example.test', `10.0.1.${i}`);
    expect(limiter.check('owner@example.test', '192.168.0.1')).toEqual({
      allowed: true,
      delayMs: 2000,
    });
  });
});

describe('clientKey', () => {
  it('is the address itself for IPv4, written either way', () => {
    expect(clientKey('10.0.0.5')).toBe('10.0.0.5');
    expect(clientKey('::ffff:10.0.0.5')).toBe('10.0.0.5');
  });

  it('is the /64 for IPv6, however the address is written', () => {
    expect(clientKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:0db8:00aa:00bb:ffff::1')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:DB8:AA:BB::9')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:aa:bc::1')).not.toBe(clientKey('2001:db8:aa:bb::1'));
  });

  it('makes a new address in the same /64 count as the same client', () => {
    const limiter = createLoginLimiter(policy, () => t0);
    for (let i = 1; i <= 3; i++) limiter.failed('owner@example.test', `2001:db8:aa:bb::${i}`);
    expect(limiter.check('owner@example.test', '2001:db8:aa:bb::99').allowed).toBe(false);
    expect(limiter.check('owner@example.test', '2001:db8:aa:cc::1').allowed).toBe(true);
  });
});
