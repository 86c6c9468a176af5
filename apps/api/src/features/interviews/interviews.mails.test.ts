import { describe, expect, it } from 'vitest';

import { formatInZone, invitationMail } from './interviews.mails.ts';

describe('interview e-mails', () => {
  it('show a UTC time in the zone given, naming it', () => {
    const at = new Date('2026-12-10T08:00:00Z');
    expect(formatInZone(at, 'Africa/Johannesburg')).toBe(
      'Thursday 10 December 2026, 10:00 (Africa/Johannesburg)',
    );
    expect(formatInZone(at, 'Europe/London')).toBe(
      'Thursday 10 December 2026, 08:00 (Europe/London)',
    );
  });

  it('follow daylight saving: 09:00 UTC is 09:00 in London before the clocks go forward and 10:00 after', () => {
    // British Summer Time starts at 01:00 UTC on Sunday 28 March 2027.
    expect(formatInZone(new Date('2027-03-27T09:00:00Z'), 'Europe/London')).toBe(
      'Saturday 27 March 2027, 09:00 (Europe/London)',
    );
    expect(formatInZone(new Date('2027-03-28T09:00:00Z'), 'Europe/London')).toBe(
      'Sunday 28 March 2027, 10:00 (Europe/London)',
    );
    // South Africa keeps no daylight saving: 11:00 on both days.
    expect(formatInZone(new Date('2027-03-28T09:00:00Z'), 'Africa/Johannesburg')).toBe(
      'Sunday 28 March 2027, 11:00 (Africa/Johannesburg)',
    );
  });

  it('carry the calendar invitation with its method', () => {
    const mail = invitationMail('thandi@example.test', {
      opportunity: 'Graduate programme',
      organization: 'Acme',
      candidate: 'Thandi Mokoena',
      startsAt: new Date('2026-12-10T08:00:00Z'),
      durationMinutes: 45,
      where: '1 Main Road',
      interviewers: ['Sipho Dlamini'],
      change: 'cancelled',
      reason: 'Position filled',
      calendar: { method: 'CANCEL', content: 'BEGIN:VCALENDAR' },
      url: 'http://pathways.test/x',
      timeZone: 'Africa/Johannesburg',
      name: 'Thandi Mokoena',
    });
    expect(mail.subject).toBe(
      'Interview cancelled: Graduate programme, Thursday 10 December 2026, 10:00 (Africa/Johannesburg)',
    );
    expect(mail.text).toContain('Dear Thandi Mokoena,');
    expect(mail.text).toContain('Reason: Position filled');
    expect(mail.icalEvent).toEqual({
      method: 'CANCEL',
      content: 'BEGIN:VCALENDAR',
      filename: 'interview.ics',
    });
  });
});
