import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

import {
  MIN_GROUP_SIZE,
  SUPPRESSED_LABEL,
  formatReportedCount,
  isSuppressed,
  reportCount,
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
