import { describe, expect, it } from 'vitest';

import { interviewWhen, zoneLabel } from './interview-time';

describe('interviewWhen', () => {
  it('reads a UTC time in the given zone', () => {
    expect(
      interviewWhen('2026-12-10T08:00:00.000Z', '2026-12-10T09:00:00.000Z', 'Africa/Johannesburg'),
    ).toEqual({ day: 'Thursday 10 December 2026', hours: '10:00 – 11:00' });
    expect(
      interviewWhen('2026-12-10T08:00:00.000Z', '2026-12-10T09:00:00.000Z', 'America/New_York'),
    ).toEqual({ day: 'Thursday 10 December 2026', hours: '03:00 – 04:00' });
  });

  it('names the day of the end when it falls on another day in that zone', () => {
    expect(
      interviewWhen('2026-12-10T23:30:00.000Z', '2026-12-11T00:30:00.000Z', 'Europe/London'),
    ).toEqual({ day: 'Thursday 10 December 2026', hours: '23:30 – Friday 11 December 2026 00:30' });
    expect(
      interviewWhen('2026-12-10T23:30:00.000Z', '2026-12-11T00:30:00.000Z', 'Asia/Tokyo'),
    ).toEqual({ day: 'Friday 11 December 2026', hours: '08:30 – 09:30' });
  });

  it('spells a zone as people read it', () => {
    expect(zoneLabel('America/New_York')).toBe('America / New York');
  });
});
