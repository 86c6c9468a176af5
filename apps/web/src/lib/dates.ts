// The product writes a day as 'd MMMM yyy' ("22 November 2026"). Pages on the candidate's
// everyday path write it through the browser's Intl rather than date-fns: date-fns' `format`
// brings its formatters and its English locale (about 6 kB compressed) to every page using it.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

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
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}
