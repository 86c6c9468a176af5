import { describe, expect, it } from 'vitest';

import { applicantInitials, applicantName, eligibilityLabel, formatDate } from './format';

const named = (firstName: string | null, lastName: string | null) => ({
  id: 42,
  profile: { firstName, lastName },
});

describe('applicantName', () => {
  it('shows first and last name', () => {
    expect(applicantName(named('Thandi', 'Mokoena'), false)).toBe('Thandi Mokoena');
    expect(applicantName(named('Thandi', null), false)).toBe('Thandi');
  });
  it('shows the application number under blind review or without a name', () => {
    expect(applicantName(named('Thandi', 'Mokoena'), true)).toBe('Applicant #42');
    expect(applicantName(named(null, null), false)).toBe('Applicant #42');
    expect(applicantName(named(' ', ''), false)).toBe('Applicant #42');
  });
});

describe('applicantInitials', () => {
  it('takes the first letters of the names', () => {
    expect(applicantInitials(named('thandi', 'Mokoena'), false)).toBe('TM');
  });
  it('shows # under blind review or without a name', () => {
    expect(applicantInitials(named('Thandi', 'Mokoena'), true)).toBe('#');
    expect(applicantInitials(named(null, null), false)).toBe('#');
  });
});

describe('formatDate and eligibilityLabel', () => {
  it('reads d MMMM yyy', () => {
    expect(formatDate('2026-11-22T10:00:00.000Z')).toBe('22 November 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('names the three states', () => {
    expect(eligibilityLabel(true)).toBe('Eligible');
    expect(eligibilityLabel(false)).toBe('Not eligible');
    expect(eligibilityLabel(null)).toBe('Not checked yet');
  });
});
