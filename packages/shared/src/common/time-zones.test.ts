import { describe, expect, it } from 'vitest';

import { timeZone } from '../auth/auth.schemas.ts';
import { DEFAULT_TIME_ZONE, isTimeZone, timeZoneChoices, zoneLabel } from './time-zones.ts';

describe('time zones', () => {
  it.each(['Africa/Johannesburg', 'Europe/London', 'America/Argentina/Salta', 'UTC', 'Etc/GMT+2'])(
    '%s is a time zone',
    (zone) => {
      expect(isTimeZone(zone)).toBe(true);
      expect(timeZone.safeParse(zone).success).toBe(true);
    },
  );

  it.each([
    '',
    'Mars/Olympus_Mons',
    'europe/london',
    '+02:00',
    'Europe/London ',
    'SAST',
    'x'.repeat(65),
  ])('%j is not, and says to choose from the list', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
    const parsed = timeZone.safeParse(zone);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Choose a time zone from the list');
  });

  it('offers the default, UTC and a spelling the runtime does not list', () => {
    const choices = timeZoneChoices('Asia/Kolkata', 'nowhere', null);
    expect(choices).toContain(DEFAULT_TIME_ZONE);
    expect(choices).toContain('Europe/London');
    expect(choices).toContain('UTC');
    expect(choices).toContain('Asia/Kolkata');
    expect(choices).not.toContain('nowhere');
    expect(new Set(choices).size).toBe(choices.length);
  });

  it('reads a zone with spaces for underscores and around slashes', () => {
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('America / Argentina / Buenos Aires');
  });
});
