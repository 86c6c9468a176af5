import { TZDate } from '@date-fns/tz';

import { DEFAULT_TIME_ZONE, deviceTimeZone, zoneLabel } from '@pathways/shared/common/time-zones';

// Every interview time on screen goes through these helpers, read in one time zone: the
// viewer's (see `useViewerTimeZone`). Times travel in UTC; a time typed in a form is a day and a
// clock time in that zone.

export { DEFAULT_TIME_ZONE, zoneLabel };

/** The zone the reader's browser keeps time in; the default when it says none. */
export const readerTimeZone = deviceTimeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', options);
    formatters.set(key, f);
  }
  return f;
}

const fullOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "Thursday 10 December 2026 at 10:00": a UTC time as read in `timeZone`. */
export function formatInterviewTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatter(`full:${timeZone}`, fullOptions(timeZone))
    .format(new Date(iso))
    .replace(',', '');
}

/** "Thursday 10 December 2026": the day of a UTC time in `timeZone` (an agenda's heading). */
export function formatInterviewDay(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatter(`day:${timeZone}`, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(new Date(iso))
    .replace(',', '');
}

/** "10:00": the clock time of a UTC time in `timeZone`. */
export function formatClock(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatter(`clock:${timeZone}`, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** "10:00 to 10:45" in `timeZone`. */
export function formatSpan(
  startsAt: string,
  endsAt: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return `${formatClock(startsAt, timeZone)} to ${formatClock(endsAt, timeZone)}`;
}

/** A day and a clock time as typed in a form: '2026-12-10' and '10:00'. */
export interface LocalTime {
  date: string;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day and clock time of a UTC time in `timeZone`. */
export function toLocalTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): LocalTime {
  const at = new TZDate(iso, timeZone);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/**
 * The UTC instant (ISO) of a day and clock time read in `timeZone`, or null when they are not a
 * valid day and time. The zone's rules, daylight saving included, come from @date-fns/tz; a clock
 * time a daylight-saving change skips is moved on past the gap.
 */
export function fromLocalTime(
  { date, time }: LocalTime,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return new Date(TZDate.tz(timeZone, year, month - 1, day, hour, minute).getTime()).toISOString();
}

/** The same day and clock time `minutes` later (the next row of a form: "1 hour later"). */
export function addMinutes(local: LocalTime, minutes: number): LocalTime {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(local.date);
  const t = /^(\d{2}):(\d{2})$/.exec(local.time);
  if (!d || !t) return local;
  const at = new Date(
    Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])) +
      minutes * 60_000,
  );
  return {
    date: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
    time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
  };
}

/**
 * An interview's day and hours as read in `timeZone`: "Thursday 10 December 2026" and
 * "10:00 – 11:00", the end's day added when it falls on another.
 */
export function interviewWhen(
  startsAt: string,
  endsAt: string,
  timeZone: string,
): { day: string; hours: string } {
  const startDay = formatInterviewDay(startsAt, timeZone);
  const endDay = formatInterviewDay(endsAt, timeZone);
  const end = formatClock(endsAt, timeZone);
  return {
    day: startDay,
    hours: `${formatClock(startsAt, timeZone)} – ${endDay === startDay ? end : `${endDay} ${end}`}`,
  };
}
