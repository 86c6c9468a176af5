import { describe, expect, it } from 'vitest';

import { clientKey, emailKey, nextCounter, verdictOf } from './limits.rule.ts';

const t0 = new Date('2030-01-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;

describe('nextCounter', () => {
  it('starts a window with the first hit', () => {
    expect(nextCounter(undefined, t0, minute)).toEqual({ count: 1, resetsAt: at(minute) });
  });

  it('counts hits inside the window without moving its end', () => {
    const first = nextCounter(undefined, t0, minute);
    const second = nextCounter(first, at(59_999), minute);
    expect(second).toEqual({ count: 2, resetsAt: at(minute) });
  });

  it('starts again at one once the window has ended', () => {
    const full = { count: 40, resetsAt: at(minute) };
    expect(nextCounter(full, at(minute), minute)).toEqual({ count: 1, resetsAt: at(2 * minute) });
  });
});

describe('verdictOf', () => {
  it('allows up to the limit and refuses past it, until the window ends', () => {
    expect(verdictOf({ count: 10, resetsAt: at(minute) }, 10, t0)).toEqual({
      allowed: true,
      count: 10,
      retryAfterSeconds: 60,
    });
    expect(verdictOf({ count: 11, resetsAt: at(minute) }, 10, at(30_500))).toEqual({
      allowed: false,
      count: 11,
      retryAfterSeconds: 30,
    });
  });

  it('treats an ended window as empty', () => {
    expect(verdictOf({ count: 99, resetsAt: at(minute) }, 10, at(minute)).allowed).toBe(true);
    expect(verdictOf(undefined, 0, t0)).toEqual({ allowed: true, count: 0, retryAfterSeconds: 1 });
  });

  it('never says to retry in less than a second', () => {
    expect(verdictOf({ count: 3, resetsAt: at(10) }, 2, t0).retryAfterSeconds).toBe(1);
  });
});

describe('emailKey', () => {
  it('is one key however the address is typed, and holds no address', () => {
    expect(emailKey(' Thandi@Example.TEST ')).toBe(emailKey('thandi@example.test'));
    expect(emailKey('thandi@example.test')).not.toBe(emailKey('sipho@example.test'));
    expect(emailKey('thandi@example.test')).not.toContain('thandi');
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
});
