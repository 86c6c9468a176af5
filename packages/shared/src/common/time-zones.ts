// Times are stored and sent in UTC; each person reads them in their own time zone, an IANA name
// such as "Europe/London". The rules of each zone, daylight saving included, come from the
// runtime's Intl data (kept current with the IANA database), never from fixed offsets.

/** The time zone of a person who has chosen none, and of guests. */
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

export const timeZoneMessages = {
  invalid: 'Choose a time zone from the list',
} as const;

// A zone's name as the IANA database writes it: "UTC", "Europe/London", "America/Argentina/Salta",
// "Etc/GMT+2". Offsets ("+02:00") and lower-case spellings are not names.
const zoneName = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z0-9][A-Za-z0-9_+-]*)*$/;

/** Whether `value` names a time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !zoneName.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones to choose from, by name: the runtime's list, with `extra` (the current choice, the
 * browser's own zone) added when the runtime spells it otherwise (it lists "Asia/Calcutta" where
 * a browser may say "Asia/Kolkata").
 */
export function timeZoneChoices(...extra: (string | null | undefined)[]): string[] {
  let listed: string[] = [];
  try {
    listed = Intl.supportedValuesOf('timeZone');
  } catch {
    listed = [];
  }
  const all = new Set([DEFAULT_TIME_ZONE, 'UTC', ...listed]);
  for (const zone of extra) if (zone && isTimeZone(zone)) all.add(zone);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** "America/Argentina/Buenos_Aires" as people read it: "America / Argentina / Buenos Aires". */
export const zoneLabel = (timeZone: string) => timeZone.replace(/_/g, ' ').replace(/\//g, ' / ');

/** The zone the reader's device keeps time in (a suggestion only); the default when it says none. */
export function deviceTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
