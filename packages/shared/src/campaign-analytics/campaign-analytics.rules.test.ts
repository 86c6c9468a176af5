import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MIN_GROUP_SIZE } from '../analytics/suppression.ts';
import {
  conversion,
  formatConversion,
  suppressCampaignFunnel,
  suppressSeries,
  weekOf,
  weeksEndingAt,
} from './campaign-analytics.rules.ts';

describe('weeks', () => {
  it('start on the Monday (UTC) of the week', () => {
    expect(weekOf(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-23'); // a Tuesday
    expect(weekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // the Monday itself
    expect(weekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23'); // the Sunday
    expect(weekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(weekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28'); // across the year
  });

  it('end with the current week, oldest first, seven days apart', () => {
    expect(weeksEndingAt(new Date('2026-11-24T10:00:00Z'), 3)).toEqual([
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    const many = weeksEndingAt(new Date('2026-03-30T10:00:00Z'), 104);
    expect(many).toHaveLength(104);
    expect(new Set(many).size).toBe(104);
    for (const week of many) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});

describe('a series and its total under the small-cell rule', () => {
  it('shows every part of 0 or at least 5', () => {
    expect(suppressSeries([5, 0, 7])).toEqual({ parts: [5, 0, 7], total: 12 });
    expect(suppressSeries([])).toEqual({ parts: [], total: 0 });
    expect(suppressSeries([0, 0])).toEqual({ parts: [0, 0], total: 0 });
  });

  it('hides a whole of 1 to 4 and all its parts, and shows a whole of 5', () => {
    expect(suppressSeries([4])).toEqual({ parts: [null], total: null });
    expect(suppressSeries([1, 0, 3])).toEqual({ parts: [null, 0, null], total: null });
    expect(suppressSeries([5])).toEqual({ parts: [5], total: 5 });
    expect(suppressSeries([2, 3])).toEqual({ parts: [null, null], total: 5 });
  });

  it('hides a second part when the total would give a lone hidden part away', () => {
    // 9 - 6 would read 3.
    expect(suppressSeries([6, 3])).toEqual({ parts: [null, null], total: 9 });
    // 1 + 2 hidden = 3: the smallest shown (5) goes too.
    expect(suppressSeries([7, 1, 5, 2])).toEqual({ parts: [7, null, null, null], total: 15 });
    // Equal candidates: the earliest goes.
    expect(suppressSeries([6, 4, 6])).toEqual({ parts: [null, null, 6], total: 16 });
  });

  it('leaves the parts alone when the hidden ones already number 5 or more', () => {
    expect(suppressSeries([8, 3, 2])).toEqual({ parts: [8, null, null], total: 13 });
    expect(suppressSeries([4, 4, 10])).toEqual({ parts: [null, null, 10], total: 18 });
  });

  it('never lets a group of 1 to 4 be read, directly or as the total minus what is shown', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(12), { maxLength: 30 }), (parts) => {
        const { parts: shown, total } = suppressSeries(parts);
        const sum = parts.reduce((a, b) => a + b, 0);
        if (total === null)
          return (
            sum > 0 && sum < MIN_GROUP_SIZE && shown.every((p, i) => p === null || parts[i] === 0)
          );
        if (total !== sum) return false;
        for (const [i, p] of shown.entries()) {
          if (p !== null && p !== parts[i]) return false;
          if (p !== null && p > 0 && p < MIN_GROUP_SIZE) return false;
        }
        const hidden = parts.reduce((a, n, i) => (shown[i] === null ? a + n : a), 0);
        return hidden === 0 || hidden >= MIN_GROUP_SIZE;
      }),
    );
  });
});

describe('sign-ups and their applicants as a funnel', () => {
  it('shows both when they differ by 0 or at least 5', () => {
    expect(suppressCampaignFunnel([0, 10, 10], [0, 5, 10])).toEqual({
      signUps: { parts: [0, 10, 10], total: 20 },
      applicants: { parts: [0, 5, 10], total: 15 },
    });
  });

  it('hides the applicants and every week of them when 1 to 4 signed up and did not apply', () => {
    // 8 sign-ups, 5 applicants: 3 people did not apply.
    expect(suppressCampaignFunnel([0, 3, 5], [0, 0, 5])).toEqual({
      signUps: { parts: [0, null, null], total: 8 },
      applicants: { parts: [0, 0, null], total: null },
    });
  });

  it('hides a week whose applicants are 1 to 4 fewer than its sign-ups', () => {
    // Week 1: 10 signed up, 8 applied; hidden, the 8 are enough to keep the total whole.
    expect(suppressCampaignFunnel([0, 10, 20, 30], [0, 8, 20, 10])).toEqual({
      signUps: { parts: [0, 10, 20, 30], total: 60 },
      applicants: { parts: [0, null, 20, 10], total: 38 },
    });
  });

  it('leaves the sign-ups as their own series shows them', () => {
    expect(suppressCampaignFunnel([1, 2, 9], [0, 0, 0]).signUps).toEqual(suppressSeries([1, 2, 9]));
  });

  it('never lets two shown counts of the same time be 1 to 4 apart, nor hidden ones be worked out', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(12), fc.nat(12)), { maxLength: 12 }), (weeks) => {
        const signUps = weeks.map(([s]) => s);
        const applicants = weeks.map(([s, a]) => Math.min(s, a));
        const result = suppressCampaignFunnel(signUps, applicants);
        const small = (a: number | null, b: number | null) =>
          a !== null && b !== null && Math.abs(a - b) > 0 && Math.abs(a - b) < MIN_GROUP_SIZE;
        if (small(result.signUps.total, result.applicants.total)) return false;
        for (const [i, a] of result.applicants.parts.entries()) {
          if (small(result.signUps.parts[i] ?? null, a)) return false;
          if (a !== null && a !== applicants[i]) return false;
        }
        const sum = applicants.reduce((x, n) => x + n, 0);
        const hidden = applicants.reduce(
          (x, n, i) => (result.applicants.parts[i] === null ? x + n : x),
          0,
        );
        return result.applicants.total === null
          ? result.applicants.parts.every((p, i) => p === null || applicants[i] === 0)
          : result.applicants.total === sum && (hidden === 0 || hidden >= MIN_GROUP_SIZE);
      }),
    );
  });
});

describe('conversion', () => {
  it('divides two shown counts', () => {
    expect(conversion(5, 20)).toBe(0.25);
    expect(conversion(0, 20)).toBe(0);
    expect(conversion(30, 20)).toBe(1.5);
  });

  it('is unknown when either side is hidden or nothing came in', () => {
    expect(conversion(null, 20)).toBeNull();
    expect(conversion(5, null)).toBeNull();
    expect(conversion(0, 0)).toBeNull();
  });

  it('reads as a percentage', () => {
    expect(formatConversion(null)).toBe('–');
    expect(formatConversion(0)).toBe('0%');
    expect(formatConversion(0.25)).toBe('25%');
    expect(formatConversion(0.125)).toBe('13%');
    expect(formatConversion(0.0525)).toBe('5.3%');
    expect(formatConversion(1.5)).toBe('150%');
  });
});
