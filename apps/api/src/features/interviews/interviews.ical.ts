import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

/** What a calendar invitation says about an interview. */
export interface CalendarInterview {
  /** Stable through every change of the interview (RFC 5545 UID). */
  uid: string;
  /** Grows with each change (RFC 5545 SEQUENCE); a calendar keeps the highest it has seen. */
  sequence: number;
  status: 'scheduled' | 'cancelled';
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** An address, or the video link. */
  location: string;
  url: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string | null; email: string }[];
  /** When this version was made (DTSTAMP). */
  stamp: Date;
}

/**
 * The iCalendar invitation of an interview (RFC 5545 with iTIP methods): METHOD:REQUEST with the
 * interview's UID and SEQUENCE while it is scheduled (a calendar replaces its copy when the
 * sequence grows), METHOD:CANCEL with STATUS:CANCELLED once it is cancelled. Times are UTC.
 */
export function interviewCalendar(interview: CalendarInterview): {
  method: 'REQUEST' | 'CANCEL';
  content: string;
} {
  const cancelled = interview.status === 'cancelled';
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: 'Pathways', product: 'Interviews' }, method });
  calendar.createEvent({
    id: interview.uid,
    sequence: interview.sequence,
    stamp: interview.stamp,
    start: interview.startsAt,
    end: interview.endsAt,
    summary: interview.summary,
    description: interview.description,
    location: interview.location,
    url: interview.url,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: interview.organizer,
    attendees: interview.attendees.map((a) => ({
      email: a.email,
      name: a.name,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !cancelled,
    })),
  });
  return { method: cancelled ? 'CANCEL' : 'REQUEST', content: calendar.toString() };
}
