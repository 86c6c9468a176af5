import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { interviewCalendar, type CalendarInterview } from './interviews.ical.ts';

const base: CalendarInterview = {
  uid: 'interview-42@pathways.test',
  sequence: 0,
  status: 'scheduled',
  startsAt: new Date('2026-12-10T08:00:00Z'),
  endsAt: new Date('2026-12-10T08:45:00Z'),
  summary: 'Interview: Graduate programme',
  description: 'Thandi Mokoena, interviewed by Sipho Dlamini',
  location: '1 Main Road, Cape Town',
  url: 'https://meet.example.test/abc',
  organizer: { name: 'Acme via Pathways', email: 'no-reply@pathways.test' },
  attendees: [
    { name: 'Thandi Mokoena', email: 'thandi@example.test' },
    { name: null, email: 'outside@example.test' },
  ],
  stamp: new Date('2026-12-01T10:00:00Z'),
};

function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return { calendar, vevent, event };
}

describe('interviewCalendar', () => {
  it('is a REQUEST with the UID, sequence, UTC times, organizer and attendees', () => {
    const { method, content } = interviewCalendar(base);
    expect(method).toBe('REQUEST');
    const { calendar, vevent, event } = parse(content);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-10T08:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-10T08:45:00.000Z');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.location).toBe(base.location);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
      'mailto:no-reply@pathways.test',
    );
    const attendees = vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue()));
    expect(attendees.map((a) => a.toLowerCase())).toEqual([
      'mailto:thandi@example.test',
      'mailto:outside@example.test',
    ]);
  });

  it('keeps the UID and carries the higher sequence of a change', () => {
    const moved = interviewCalendar({
      ...base,
      sequence: 1,
      startsAt: new Date('2026-12-11T09:00:00Z'),
      endsAt: new Date('2026-12-11T09:45:00Z'),
    });
    const { event } = parse(moved.content);
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-11T09:00:00.000Z');
  });

  it('is a CANCEL with STATUS:CANCELLED once cancelled', () => {
    const { method, content } = interviewCalendar({ ...base, sequence: 2, status: 'cancelled' });
    expect(method).toBe('CANCEL');
    const { calendar, vevent, event } = parse(content);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(2);
  });
});
