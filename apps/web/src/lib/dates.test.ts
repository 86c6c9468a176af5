import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';

import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';

import { formatDisplayDate, parseIsoDate } from './dates';

describe('formatDisplayDate', () => {
  it('writes a day as the product does, the same as date-fns with the product format', () => {
    expect(formatDisplayDate('2026-11-22T10:00:00.000Z')).toBe('22 November 2026');
    expect(formatDisplayDate('2026-03-05')).toBe('5 March 2026');
    expect(formatDisplayDate(new Date(2026, 11, 3))).toBe('3 December 2026');
    const samples = [
      '2026-01-01',
      '2026-12-31',
      '2024-02-29',
      '2026-06-30T23:59:59.000Z',
      '2026-06-30T00:00:00+02:00',
      '1999-07-09T12:00:00Z',
    ];
    for (const iso of samples) {
      expect(formatDisplayDate(iso), iso).toBe(format(parseISO(iso), DATE_DISPLAY_FORMAT));
    }
  });

  it('is empty for no date or an invalid one', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate(undefined)).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
    expect(formatDisplayDate('3 Dec 2026')).toBe('');
    expect(formatDisplayDate(new Date(Number.NaN))).toBe('');
  });
});

describe('parseIsoDate', () => {
  it('reads a date alone as that day in the local time zone, as parseISO does', () => {
    const day = parseIsoDate('2026-11-22');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([
      2026, 10, 22, 0,
    ]);
    expect(day.getTime()).toBe(parseISO('2026-11-22').getTime());
  });

  it('reads a moment with its offset', () => {
    expect(parseIsoDate('2026-11-22T10:00:00.000Z').toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(parseIsoDate('2026-11-22T10:00:00+02:00').toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
  });
});
