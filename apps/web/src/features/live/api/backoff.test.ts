import { describe, expect, it } from 'vitest';

import { LIVE_CLOSE } from '@pathways/shared/live/live.schemas';

import {
  delayAfterClose,
  reconnectDelay,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  TOO_MANY_WAIT_MS,
} from './backoff';

describe('reconnectDelay', () => {
  it('waits between half and all of 1 s on the first attempt', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(0, () => 0.999999)).toBe(RECONNECT_BASE_MS);
  });

  it('doubles the ceiling with each attempt in a row', () => {
    const ceilings = [0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, () => 1));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('never waits longer than 30 s, however many attempts', () => {
    expect(reconnectDelay(5, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(5000, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('spreads tabs dropped together over the second half of the window', () => {
    const delays = [0, 0.25, 0.5, 0.75].map((r) => reconnectDelay(3, () => r));
    expect(delays).toEqual([4_000, 5_000, 6_000, 7_000]);
    expect(new Set(delays).size).toBe(4);
  });

  it('treats a negative attempt as the first', () => {
    expect(reconnectDelay(-3, () => 1)).toBe(RECONNECT_BASE_MS);
  });

  it('uses Math.random when no source is given, within the window', () => {
    for (let i = 0; i < 100; i += 1) {
      const delay = reconnectDelay(2);
      expect(delay).toBeGreaterThanOrEqual(2_000);
      expect(delay).toBeLessThanOrEqual(4_000);
    }
  });
});

describe('delayAfterClose', () => {
  it('after a refusal for too many sockets, waits one to two minutes even on the first attempt', () => {
    expect(delayAfterClose(LIVE_CLOSE.tooMany, 0, () => 0)).toBe(TOO_MANY_WAIT_MS);
    expect(delayAfterClose(LIVE_CLOSE.tooMany, 0, () => 1)).toBe(2 * TOO_MANY_WAIT_MS);
    for (const attempt of [0, 1, 5, 50]) {
      expect(delayAfterClose(LIVE_CLOSE.tooMany, attempt, () => 0.5)).toBeGreaterThanOrEqual(
        TOO_MANY_WAIT_MS,
      );
      expect(delayAfterClose(LIVE_CLOSE.tooMany, attempt, () => 0.5)).toBeGreaterThan(
        RECONNECT_MAX_MS,
      );
    }
  });

  it('spreads refused tabs over the window', () => {
    const delays = [0, 0.25, 0.5, 0.75].map((r) => delayAfterClose(LIVE_CLOSE.tooMany, 0, () => r));
    expect(delays).toEqual([60_000, 75_000, 90_000, 105_000]);
  });

  it('after any other close, waits as the usual backoff says', () => {
    for (const code of [1000, 1006, LIVE_CLOSE.unauthenticated, LIVE_CLOSE.badMessage]) {
      for (const attempt of [0, 3, 9]) {
        expect(delayAfterClose(code, attempt, () => 0.3)).toBe(reconnectDelay(attempt, () => 0.3));
      }
    }
  });
});
