import { describe, expect, it } from 'vitest';

import { formatInZone, invitationMail } from './interviews.mails.ts';

describe('interview e-mails', () => {
  it('show a UTC time in Africa/Johannesburg by default, or in the zone given', () => {
    const at = new Date('2026-12-10T08:00:00Z');
    expect(formatInZone(at)).toBe('Thursday 10 December 2026, 10:00 (Africa/Johannesburg)');
    expect(formatInZone(at, 'Europe/London')).toBe(
      'Thursday 10 December 2026, 08:00 (Europe/London)',
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
    });
    expect(mail.subject).toBe(
      'Interview cancelled: Graduate programme, Thursday 10 December 2026, 10:00 (Africa/Johannesburg)',
    );
    expect(mail.text).toContain('Reason: Position filled');
    expect(mail.icalEvent).toEqual({
      method: 'CANCEL',
      content: 'BEGIN:VCALENDAR',
      filename: 'interview.ics',
    });
  });
});
