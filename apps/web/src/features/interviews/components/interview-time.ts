/** The time zone interview times are shown in (people have none of their own yet). */
export const INTERVIEW_TIME_ZONE = 'Africa/Johannesburg';

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: INTERVIEW_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "Thursday 10 December 2026 at 10:00": a UTC time as read in South Africa. */
export function formatInterviewTime(iso: string): string {
  return formatter.format(new Date(iso)).replace(',', '');
}
