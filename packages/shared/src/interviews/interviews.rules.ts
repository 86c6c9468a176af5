// The rules of interviews, without I/O: when two times overlap, what may happen to an offer
// and to an interview in each state, when a reminder is due, and whose scorecards a reader sees.

/** A span of time, start included and end excluded (as PostgreSQL's `tstzrange(a, b)`). */
export interface Span {
  startsAt: Date;
  endsAt: Date;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** The end of an interview that starts at `startsAt` and lasts `durationMinutes`. */
export function endOf(startsAt: Date, durationMinutes: number): Date {
  return new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
}

/**
 * Two spans overlap when each starts before the other ends: one that ends at 10:00 and one that
 * starts at 10:00 do not (the same as `&&` on two `[)` ranges in PostgreSQL).
 */
export function overlaps(a: Span, b: Span): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/**
 * The pairs (by index) of spans given to one interviewer that overlap: such a set of bookings is
 * refused. The database holds the same rule for what is stored (an exclusion constraint).
 */
export function overlappingPairs(spans: readonly Span[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < spans.length; i += 1) {
    for (let j = i + 1; j < spans.length; j += 1) {
      if (overlaps(spans[i]!, spans[j]!)) pairs.push([i, j]);
    }
  }
  return pairs;
}

// An offer of slots to one application: open until the candidate books one or asks for other
// times; the client may offer again (a new offer) or withdraw it.
export const offerStatuses = ['open', 'booked', 'other_times', 'withdrawn'] as const;
export type OfferStatus = (typeof offerStatuses)[number];
export type OfferAction = 'book' | 'ask_other_times' | 'withdraw' | 'reopen';

const offerMoves: Record<OfferStatus, Partial<Record<OfferAction, OfferStatus>>> = {
  open: { book: 'booked', ask_other_times: 'other_times', withdraw: 'withdrawn' },
  // The candidate may still book one of the times offered after asking for others.
  other_times: { book: 'booked', withdraw: 'withdrawn' },
  // A booked interview that is cancelled by the candidate opens the offer again.
  booked: { reopen: 'open' },
  withdrawn: {},
};

/** The offer's state after `action`, or null when the action is not allowed in `status`. */
export function nextOfferStatus(status: OfferStatus, action: OfferAction): OfferStatus | null {
  return offerMoves[status][action] ?? null;
}

/** Whether the times offered may still be withdrawn: none booked, not withdrawn already. */
export const canWithdrawOffer = (status: OfferStatus) =>
  nextOfferStatus(status, 'withdraw') !== null;

export const interviewStatuses = ['scheduled', 'cancelled'] as const;
export type InterviewStatus = (typeof interviewStatuses)[number];

/**
 * An interview may be moved or cancelled while it is scheduled and has not ended; a cancelled
 * one stays cancelled (a new time is a new interview).
 */
export function canChangeInterview(
  interview: { status: InterviewStatus; endsAt: Date },
  now: Date,
): boolean {
  return interview.status === 'scheduled' && interview.endsAt.getTime() > now.getTime();
}

/** Times in the past cannot be offered or booked. */
export function isBookable(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() > now.getTime();
}

/** The reminders before an interview, latest-first order does not matter: each is sent once. */
export const reminders = [
  { kind: 'day', beforeMs: 24 * HOUR_MS },
  { kind: 'hour', beforeMs: HOUR_MS },
] as const;
export type ReminderKind = (typeof reminders)[number]['kind'];

export interface ReminderFacts {
  status: InterviewStatus;
  startsAt: Date;
  /** When the interview was last fixed at its time (booked, set or moved). */
  scheduledAt: Date;
  /** The reminders already sent for this time. */
  sent: Partial<Record<ReminderKind, Date | null>>;
}

/**
 * The reminder to send now, if any. A reminder is due once its time (24 h or 1 h before the
 * start) has come and the interview has not started; never for a cancelled interview, never
 * twice, and never when the interview was fixed after the reminder's time (the invitation told
 * them then). When both are due only the nearer (1 h) one goes.
 */
export function dueReminder(facts: ReminderFacts, now: Date): ReminderKind | null {
  if (facts.status !== 'scheduled') return null;
  const start = facts.startsAt.getTime();
  const at = now.getTime();
  if (at >= start) return null;
  let due: ReminderKind | null = null;
  for (const { kind, beforeMs } of reminders) {
    const remindAt = start - beforeMs;
    if (at < remindAt) continue;
    if (facts.sent[kind]) continue;
    if (facts.scheduledAt.getTime() >= remindAt) continue;
    if (due === null || beforeMs < reminders.find((r) => r.kind === due)!.beforeMs) due = kind;
  }
  return due;
}

/**
 * The reminders that no longer need sending once `kind` is sent: the earlier one, if it has not
 * gone, is skipped for good.
 */
export function remindersSettledBy(kind: ReminderKind): ReminderKind[] {
  const beforeMs = reminders.find((r) => r.kind === kind)!.beforeMs;
  return reminders.filter((r) => r.beforeMs >= beforeMs).map((r) => r.kind);
}

/**
 * Whose scorecards a reader of an interview sees: an interviewer sees only their own until they
 * have submitted it, then everyone's; a manager who is not an interviewer sees them all.
 */
export function visibleScorecards<T extends { interviewerId: number }>(
  scorecards: readonly T[],
  reader: { interviewerId: number | null; submitted: boolean },
): T[] {
  if (reader.interviewerId === null || reader.submitted) return [...scorecards];
  return scorecards.filter((s) => s.interviewerId === reader.interviewerId);
}

/** A new interview's sequence, and the sequence after each change (RFC 5545 SEQUENCE). */
export const FIRST_SEQUENCE = 0;
export const nextSequence = (sequence: number) => sequence + 1;

/** How long an outside interviewer's link works after the interview ends: time to score. */
export const LINK_GRACE_MS = 14 * 24 * HOUR_MS;

/** An e-mail address as interviewers are matched by: trimmed and lower-case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Where an application stands with interviews, as the tracker shows it: an interview booked
 * (scheduled and not yet over), the candidate asked for other times, or times offered and waiting
 * for the candidate's choice.
 */
export const applicantInterviewStates = ['booked', 'other_times', 'waiting'] as const;
export type ApplicantInterviewState = (typeof applicantInterviewStates)[number];

/**
 * The one state shown for an application: a booked interview first (it is what happens next),
 * then a request for other times (the client has to answer it), then times waiting; null when
 * none of these holds (nothing offered, or every offer withdrawn).
 */
export function applicantInterviewState(facts: {
  upcomingInterview: boolean;
  offerStatuses: readonly OfferStatus[];
}): ApplicantInterviewState | null {
  if (facts.upcomingInterview) return 'booked';
  if (facts.offerStatuses.includes('other_times')) return 'other_times';
  if (facts.offerStatuses.includes('open')) return 'waiting';
  return null;
}
