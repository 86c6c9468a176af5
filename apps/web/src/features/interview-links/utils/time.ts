/** The zone the reader's browser keeps time in; South Africa's when it says none. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Africa/Johannesburg';
  } catch {
    return 'Africa/Johannesburg';
  }
}

/**
 * An interview's day and hours as read in `timeZone`: "Thursday 10 December 2026" and
 * "10:00 – 11:00" (24-hour clock), the end's day added when it falls on another.
 */
export function interviewWhen(
  startsAt: string,
  endsAt: string,
  timeZone: string,
): { day: string; hours: string } {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const startDay = day.format(start).replace(',', '');
  const endDay = day.format(end).replace(',', '');
  const endText = endDay === startDay ? time.format(end) : `${endDay} ${time.format(end)}`;
  return { day: startDay, hours: `${time.format(start)} – ${endText}` };
}

/** "Africa/Johannesburg" as people read it: "Africa / Johannesburg", underscores as spaces. */
export const zoneLabel = (timeZone: string) => timeZone.replace(/_/g, ' ').replace(/\//g, ' / ');
