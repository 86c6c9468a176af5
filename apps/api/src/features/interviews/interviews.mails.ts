import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

// Every time in these e-mails is read in the recipient's own time zone (the default for someone
// without an account), and says which zone it is. The calendar attachment stays in UTC.

/**
 * A moment as a person in `timeZone` reads it, daylight saving included:
 * "Thursday 10 December 2026, 10:00 (Africa/Johannesburg)".
 */
export function formatInZone(at: Date, timeZone: string): string {
  return `${format(new TZDate(at, timeZone), 'EEEE d MMMM yyyy, HH:mm')} (${timeZone})`;
}

export interface MailInterview {
  opportunity: string;
  organization: string;
  candidate: string;
  startsAt: Date;
  durationMinutes: number;
  /** The address, or the video link. */
  where: string;
  interviewers: string[];
}

function describe(i: MailInterview, timeZone: string): string[] {
  return [
    `When: ${formatInZone(i.startsAt, timeZone)}, ${i.durationMinutes} minutes`,
    `Where: ${i.where}`,
    `Candidate: ${i.candidate}`,
    `Interviewers: ${i.interviewers.join(', ')}`,
  ];
}

/** The candidate is offered times to choose from. */
export function offerMail(
  to: string,
  offer: {
    firstName: string | null;
    opportunity: string;
    organization: string;
    times: Date[];
    message: string | null;
    url: string;
    /** The candidate's zone. */
    timeZone: string;
  },
): Mail {
  const { timeZone } = offer;
  return mailLayout(
    to,
    `${offer.organization} invites you to an interview for ${offer.opportunity}`,
    [
      `Hello ${offer.firstName ?? 'there'},`,
      `${offer.organization} would like to interview you for ${offer.opportunity}. Choose one of these times, or ask for others:`,
      ...offer.times.map((t) => `• ${formatInZone(t, timeZone)}`),
      ...(offer.message ? [`Their message: ${offer.message}`] : []),
    ],
    { label: 'Choose a time', url: offer.url },
  );
}

/** The candidate hears that the times offered to them are withdrawn. */
export function offerWithdrawnMail(
  to: string,
  withdrawal: {
    firstName: string | null;
    opportunity: string;
    organization: string;
    reason: string | null;
    url: string;
  },
): Mail {
  return mailLayout(
    to,
    `Interview times withdrawn: ${withdrawal.opportunity}`,
    [
      `Hello ${withdrawal.firstName ?? 'there'},`,
      `${withdrawal.organization} has withdrawn the interview times it offered you for ${withdrawal.opportunity}; they can no longer be booked.`,
      ...(withdrawal.reason ? [`Reason: ${withdrawal.reason}`] : []),
    ],
    { label: 'Open your application', url: withdrawal.url },
  );
}

/** Whoever offered the times hears that the candidate asks for others. */
export function otherTimesMail(
  to: string,
  request: { candidate: string; opportunity: string; message: string; url: string },
): Mail {
  return mailLayout(
    to,
    `${request.candidate} asks for other interview times for ${request.opportunity}`,
    [`${request.candidate} cannot make the times offered and says:`, request.message],
    { label: 'Open the application', url: request.url },
  );
}

export type InvitationChange = 'scheduled' | 'moved' | 'cancelled';

const subjects: Record<InvitationChange, string> = {
  scheduled: 'Interview',
  moved: 'Interview moved',
  cancelled: 'Interview cancelled',
};

/**
 * The invitation (or its update, or its cancellation) to one party of an interview, with the
 * calendar event attached.
 */
export function invitationMail(
  to: string,
  i: MailInterview & {
    change: InvitationChange;
    reason: string | null;
    calendar: { method: 'REQUEST' | 'CANCEL'; content: string };
    /** Where this person opens the interview (an outside interviewer's own link). */
    url: string;
    /** This person's zone. */
    timeZone: string;
    /** Whom it greets: their name, or their address when no name is known. */
    name: string;
  },
): Mail {
  const { timeZone } = i;
  const lead =
    i.change === 'cancelled'
      ? `The interview for ${i.opportunity} at ${i.organization} has been cancelled.`
      : i.change === 'moved'
        ? `The interview for ${i.opportunity} at ${i.organization} has moved to a new time.`
        : `An interview for ${i.opportunity} at ${i.organization} is set.`;
  const mail = mailLayout(
    to,
    `${subjects[i.change]}: ${i.opportunity}, ${formatInZone(i.startsAt, timeZone)}`,
    [
      `Dear ${i.name},`,
      lead,
      ...describe(i, timeZone),
      ...(i.reason ? [`Reason: ${i.reason}`] : []),
    ],
    { label: 'Open the interview', url: i.url },
  );
  return { ...mail, icalEvent: { ...i.calendar, filename: 'interview.ics' } };
}

/** A reminder, a day or an hour before. */
export function reminderMail(
  to: string,
  i: MailInterview & { kind: 'day' | 'hour'; url: string; timeZone: string; name: string },
): Mail {
  const { timeZone } = i;
  const when = i.kind === 'day' ? 'tomorrow' : 'in an hour';
  return mailLayout(
    to,
    `Reminder: interview ${when}, ${formatInZone(i.startsAt, timeZone)}`,
    [
      `Dear ${i.name},`,
      `A reminder: the interview for ${i.opportunity} is ${when}.`,
      ...describe(i, timeZone),
    ],
    { label: 'Open the interview', url: i.url },
  );
}
