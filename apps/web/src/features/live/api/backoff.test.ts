import { describe, expect, it } from 'vitest';

import { reconnectDelay, RECONNECT_BASE_MS, RECONNECT_MAX_MS } from './backoff';

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
