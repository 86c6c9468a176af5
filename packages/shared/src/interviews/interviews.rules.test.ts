import { describe, expect, it } from 'vitest';

import {
  applicantInterviewState,
  canChangeInterview,
  dueReminder,
  endOf,
  HOUR_MS,
  canWithdrawOffer,
  nextOfferStatus,
  overlappingPairs,
  overlaps,
  remindersSettledBy,
  visibleScorecards,
} from './interviews.rules.ts';

const at = (iso: string) => new Date(iso);
const span = (start: string, minutes: number) => ({
  startsAt: at(start),
  endsAt: endOf(at(start), minutes),
});

describe('overlaps', () => {
  it('holds when each starts before the other ends', () => {
    expect(overlaps(span('2026-12-01T08:00:00Z', 60), span('2026-12-01T08:30:00Z', 60))).toBe(true);
    expect(overlaps(span('2026-12-01T08:00:00Z', 120), span('2026-12-01T08:30:00Z', 15))).toBe(
      true,
    );
  });
  it('does not hold for back-to-back times (end excluded)', () => {
    expect(overlaps(span('2026-12-01T08:00:00Z', 60), span('2026-12-01T09:00:00Z', 60))).toBe(
      false,
    );
    expect(overlaps(span('2026-12-01T09:00:00Z', 60), span('2026-12-01T08:00:00Z', 60))).toBe(
      false,
    );
  });
  it('compares instants, whatever the offset they were written with', () => {
    expect(overlaps(span('2026-12-01T10:00:00+02:00', 30), span('2026-12-01T08:15:00Z', 30))).toBe(
      true,
    );
  });
  it('lists the overlapping pairs of a set', () => {
    const spans = [
      span('2026-12-01T08:00:00Z', 60),
      span('2026-12-01T09:00:00Z', 60),
      span('2026-12-01T08:59:00Z', 2),
    ];
    expect(overlappingPairs(spans)).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});

describe('offer and interview states', () => {
  it('lets an open offer be booked, answered with other times, or withdrawn', () => {
    expect(nextOfferStatus('open', 'book')).toBe('booked');
    expect(nextOfferStatus('open', 'ask_other_times')).toBe('other_times');
    expect(nextOfferStatus('open', 'withdraw')).toBe('withdrawn');
  });
  it('lets the times be withdrawn while none is booked', () => {
    expect(canWithdrawOffer('open')).toBe(true);
    expect(canWithdrawOffer('other_times')).toBe(true);
    expect(canWithdrawOffer('booked')).toBe(false);
    expect(canWithdrawOffer('withdrawn')).toBe(false);
  });
  it('refuses what a state does not allow', () => {
    expect(nextOfferStatus('booked', 'book')).toBeNull();
    expect(nextOfferStatus('withdrawn', 'book')).toBeNull();
    expect(nextOfferStatus('other_times', 'ask_other_times')).toBeNull();
    expect(nextOfferStatus('booked', 'reopen')).toBe('open');
  });
  it('changes only a scheduled interview that has not ended', () => {
    const now = at('2026-12-01T08:00:00Z');
    expect(
      canChangeInterview({ status: 'scheduled', endsAt: at('2026-12-01T09:00:00Z') }, now),
    ).toBe(true);
    expect(
      canChangeInterview({ status: 'cancelled', endsAt: at('2026-12-01T09:00:00Z') }, now),
    ).toBe(false);
    expect(canChangeInterview({ status: 'scheduled', endsAt: now }, now)).toBe(false);
  });
});

describe('dueReminder', () => {
  const startsAt = at('2026-12-10T10:00:00Z');
  const facts = (over: Partial<Parameters<typeof dueReminder>[0]> = {}) => ({
    status: 'scheduled' as const,
    startsAt,
    scheduledAt: at('2026-12-01T10:00:00Z'),
    sent: {},
    ...over,
  });
  const before = (ms: number) => new Date(startsAt.getTime() - ms);

  it('is nothing before 24 hours ahead', () => {
    expect(dueReminder(facts(), before(24 * HOUR_MS + 1))).toBeNull();
  });
  it('is the day reminder from 24 hours ahead', () => {
    expect(dueReminder(facts(), before(24 * HOUR_MS))).toBe('day');
    expect(dueReminder(facts(), before(2 * HOUR_MS))).toBe('day');
  });
  it('is the hour reminder from 1 hour ahead, and never after the start', () => {
    expect(dueReminder(facts({ sent: { day: before(24 * HOUR_MS) } }), before(HOUR_MS))).toBe(
      'hour',
    );
    expect(dueReminder(facts(), startsAt)).toBeNull();
  });
  it('sends only the nearer one when both are due', () => {
    expect(dueReminder(facts(), before(HOUR_MS / 2))).toBe('hour');
    expect(remindersSettledBy('hour')).toEqual(['day', 'hour']);
    expect(remindersSettledBy('day')).toEqual(['day']);
  });
  it('never twice', () => {
    const sent = { day: before(24 * HOUR_MS), hour: before(HOUR_MS) };
    expect(dueReminder(facts({ sent }), before(HOUR_MS / 2))).toBeNull();
  });
  it('never for a cancelled interview', () => {
    expect(dueReminder(facts({ status: 'cancelled' }), before(HOUR_MS))).toBeNull();
  });
  it('skips a reminder whose time had passed when the interview was fixed', () => {
    const scheduledAt = before(3 * HOUR_MS);
    expect(dueReminder(facts({ scheduledAt }), before(2 * HOUR_MS))).toBeNull();
    expect(dueReminder(facts({ scheduledAt }), before(HOUR_MS))).toBe('hour');
  });
});

describe('visibleScorecards', () => {
  const cards = [{ interviewerId: 1 }, { interviewerId: 2 }];
  it('shows an interviewer only their own until they have submitted', () => {
    expect(visibleScorecards(cards, { interviewerId: 3, submitted: false })).toEqual([]);
    expect(visibleScorecards(cards, { interviewerId: 1, submitted: true })).toEqual(cards);
  });
  it('shows a manager who does not interview every scorecard', () => {
    expect(visibleScorecards(cards, { interviewerId: null, submitted: false })).toEqual(cards);
  });
});

describe('applicantInterviewState', () => {
  it('shows a booked interview before any offer, a request for other times before waiting times', () => {
    expect(applicantInterviewState({ upcomingInterview: true, offerStatuses: ['open'] })).toBe(
      'booked',
    );
    expect(
      applicantInterviewState({ upcomingInterview: false, offerStatuses: ['open', 'other_times'] }),
    ).toBe('other_times');
    expect(applicantInterviewState({ upcomingInterview: false, offerStatuses: ['open'] })).toBe(
      'waiting',
    );
  });

  it('shows nothing without an upcoming interview or an open offer', () => {
    expect(applicantInterviewState({ upcomingInterview: false, offerStatuses: [] })).toBeNull();
    expect(
      applicantInterviewState({ upcomingInterview: false, offerStatuses: ['withdrawn', 'booked'] }),
    ).toBeNull();
  });
});
