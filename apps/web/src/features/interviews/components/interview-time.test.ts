import { describe, expect, it } from 'vitest';

import {
  addMinutes,
  formatClock,
  formatInterviewDay,
  formatInterviewTime,
  fromLocalTime,
  toLocalTime,
} from './interview-time';

describe('formatInterviewTime', () => {
  it('reads a UTC time in South African time by default, whatever the browser’s zone', () => {
    expect(formatInterviewTime('2026-12-10T08:00:00.000Z')).toBe(
      'Thursday 10 December 2026 at 10:00',
    );
    expect(formatInterviewTime('2026-12-31T22:30:00Z')).toBe('Friday 1 January 2027 at 00:30');
  });

  it('reads the same time in the zone it is given', () => {
    expect(formatInterviewTime('2026-12-10T08:00:00.000Z', 'Europe/London')).toBe(
      'Thursday 10 December 2026 at 08:00',
    );
    expect(formatClock('2026-12-10T08:00:00.000Z', 'America/New_York')).toBe('03:00');
    expect(formatInterviewDay('2026-12-10T23:30:00.000Z')).toBe('Friday 11 December 2026');
  });
});

describe('fromLocalTime and toLocalTime', () => {
  it('turns a day and clock time in a zone into UTC and back', () => {
    expect(fromLocalTime({ date: '2026-12-10', time: '10:00' })).toBe('2026-12-10T08:00:00.000Z');
    expect(toLocalTime('2026-12-10T08:00:00.000Z')).toEqual({ date: '2026-12-10', time: '10:00' });
    expect(fromLocalTime({ date: '2027-01-01', time: '00:30' })).toBe('2026-12-31T22:30:00.000Z');
  });

  it('follows daylight saving in zones that have it', () => {
    expect(fromLocalTime({ date: '2026-07-01', time: '09:00' }, 'Europe/London')).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(fromLocalTime({ date: '2026-12-01', time: '09:00' }, 'Europe/London')).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it('moves a clock time the spring change skips past the gap, and reads a doubled one after the autumn change', () => {
    expect(fromLocalTime({ date: '2026-03-29', time: '01:30' }, 'Europe/London')).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(fromLocalTime({ date: '2026-10-25', time: '01:30' }, 'Europe/London')).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(toLocalTime('2026-03-29T01:30:00.000Z', 'Europe/London')).toEqual({
      date: '2026-03-29',
      time: '02:30',
    });
  });

  it('answers null for what is not a day and a time', () => {
    expect(fromLocalTime({ date: '', time: '10:00' })).toBeNull();
    expect(fromLocalTime({ date: '2026-02-30', time: '10:00' })).toBeNull();
    expect(fromLocalTime({ date: '2026-02-10', time: '25:00' })).toBeNull();
  });

  it('moves a day and time on by minutes, across midnight', () => {
    expect(addMinutes({ date: '2026-12-10', time: '23:30' }, 60)).toEqual({
      date: '2026-12-11',
      time: '00:30',
    });
  });
});
