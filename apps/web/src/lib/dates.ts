// The product writes a day as 'd MMMM yyy' ("22 November 2026"), in English wherever it is
// read. Written from the date's own fields and a table of month names, not through date-fns
// (its `format` brings formatters and a locale, about 6 kB compressed, to every page using it)
// nor through Intl: a first `Intl.DateTimeFormat` loads the browser's locale data, about 15 ms
// of a phone's main thread while a server-rendered page is taken over.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * The moment an ISO 8601 string names. A date alone ("2026-11-22") is that day in the browser's
 * time zone, as date-fns' `parseISO` reads it (the `Date` constructor would take it as UTC
 * midnight, the day before west of Greenwich). An invalid date for anything else.
 */
export function parseIsoDate(iso: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  // Only the ISO forms: the Date constructor reads looser text too ("3 Dec 2026").
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) return new Date(Number.NaN);
  return new Date(iso);
}

/** A day as the product writes dates ("22 November 2026"); '' for no date or an invalid one. */
export function formatDisplayDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** A day on a chart's axis: "22 Nov"; '' for an invalid one. */
export function formatShortDate(value: Date | string): string {
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]!.slice(0, 3)}`;
}
