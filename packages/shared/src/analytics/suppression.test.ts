import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

import {
  CELL_KEY_MODULUS,
  MIN_GROUP_SIZE,
  SUPPRESSED_LABEL,
  cellKey,
  formatReportedCount,
  isSuppressed,
  reportCount,
  shownCount,
} from './suppression.ts';

describe('small-cell suppression', () => {
  it('hides groups of 1 to 4 and shows 5 and more', () => {
    expect([1, 2, 3, 4].map(reportCount)).toEqual([null, null, null, null]);
    expect(reportCount(5)).toBe(5);
    expect(reportCount(6)).toBe(6);
    expect(reportCount(100_000)).toBe(100_000);
  });

  it('reports an empty group as 0', () => {
    expect(reportCount(0)).toBe(0);
    expect(isSuppressed(0)).toBe(false);
  });

  it('refuses what is not a count', () => {
    expect(() => reportCount(-1)).toThrow(RangeError);
    expect(() => reportCount(2.5)).toThrow(RangeError);
    expect(() => reportCount(Number.NaN)).toThrow(RangeError);
  });

  it('reads "fewer than 5" where a count is suppressed', () => {
    expect(SUPPRESSED_LABEL).toBe('fewer than 5');
    expect(formatReportedCount(null)).toBe('fewer than 5');
    expect(formatReportedCount(12)).toBe('12');
    expect(formatReportedCount(0)).toBe('0');
  });

  it('never reveals a size between 1 and the threshold', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (n) => {
        const reported = reportCount(n);
        if (n > 0 && n < MIN_GROUP_SIZE) return reported === null;
        return reported === n;
      }),
    );
  });
});

describe('cell-key perturbation', () => {
  it('keeps nobody at 0 and hides 1 to 4 whatever the keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.nat(100_000), (n, keySum) => {
        return shownCount(n, keySum) === reportCount(n);
      }),
    );
  });

  it('moves a count of 5 or more by at most 2 and never below 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 1_000_000 }), fc.nat(10_000_000), (n, keySum) => {
        const shown = shownCount(n, keySum)!;
        return shown >= MIN_GROUP_SIZE && Math.abs(shown - n) <= 2;
      }),
    );
  });

  it('gives the same people the same answer, and depends on the keys only modulo 256', () => {
    expect(shownCount(40, 1234)).toBe(shownCount(40, 1234));
    expect(shownCount(40, 1234)).toBe(shownCount(40, 1234 + CELL_KEY_MODULUS * 7));
    expect(cellKey(-1)).toBe(255);
    expect(cellKey(256)).toBe(0);
  });

  it('picks every adjustment equally often over the cell keys, for any count', () => {
    for (const n of [5, 6, 7, 12, 100, 255, 256, 99_999]) {
      const seen = new Map<number, number>();
      for (let key = 0; key < CELL_KEY_MODULUS; key++) {
        const slot = shownCount(n, key)! - n;
        seen.set(slot, (seen.get(slot) ?? 0) + 1);
      }
      if (n >= 7) {
        // -2, +2 once each in 8, -1, 0, +1 twice each: 32 and 64 of the 256 keys.
        expect(Object.fromEntries(seen)).toEqual({ '-2': 32, '-1': 64, '0': 64, '1': 64, '2': 32 });
      } else {
        // Below 7 a downward move would leave fewer than 5: it is taken upwards instead.
        expect([...seen.keys()].every((d) => n + d >= MIN_GROUP_SIZE)).toBe(true);
        expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(CELL_KEY_MODULUS);
      }
    }
  });

  it('gives groups that differ by one person unrelated adjustments', () => {
    // Over every pair of cell keys (the group and the group with one more person, whose key is
    // unknown to the reader), the difference of the two answers is not the size difference
    // most of the time.
    let exact = 0;
    let pairs = 0;
    for (let key = 0; key < CELL_KEY_MODULUS; key++) {
      for (let extra = 0; extra < CELL_KEY_MODULUS; extra++) {
        pairs++;
        if (shownCount(21, key + extra)! - shownCount(20, key)! === 1) exact++;
      }
    }
    expect(exact / pairs).toBeLessThan(0.25);
  });

  it('refuses a key sum that is not a whole number', () => {
    expect(() => cellKey(1.5)).toThrow(RangeError);
  });
});
