import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatWholeNumber } from './numbers.ts';

describe('formatWholeNumber', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatWholeNumber(0)).toBe('0');
    expect(formatWholeNumber(999)).toBe('999');
    expect(formatWholeNumber(1000)).toBe('1\u00a0000');
    expect(formatWholeNumber(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatWholeNumber(-4321)).toBe('-4\u00a0321');
  });

  it('writes every whole number as en-ZA does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatWholeNumber(n)).toBe(n.toLocaleString('en-ZA'));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a fraction as en-ZA does for whole numbers', () => {
    for (const n of [0.4, 0.5, 1.5, 2.5, 1234.5, 999.6, -0.4, -0.5, -2.6, -0]) {
      expect(formatWholeNumber(n), String(n)).toBe(
        n.toLocaleString('en-ZA', { maximumFractionDigits: 0 }),
      );
    }
  });
});
