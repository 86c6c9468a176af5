import { z } from 'zod';

/** Messages of the date fields of the profile and its sections. */
export const dateMessages = {
  required: 'must be provided',
  invalid: 'must be a valid date (YYYY-MM-DD)',
  endBeforeStart: 'must not be before the start date',
  future: 'must not be in the future',
  tooOld: 'must be after 1900',
} as const;

/** A calendar date as 'YYYY-MM-DD' (leap years checked). */
export const isoDate = z.iso.date({
  error: (issue) => (issue.input == null ? dateMessages.required : dateMessages.invalid),
});

/** The calendar day of a moment, in UTC, as 'YYYY-MM-DD'. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Date ranges: a range needs the end not before the start. Open ends pass.
 * ISO dates compare as strings.
 */
export function endsBeforeStart(
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
): boolean {
  return Boolean(startsAt && endsAt && endsAt < startsAt);
}

/** A date that is not after today (birth dates, achievements). */
export const pastIsoDate = isoDate
  .refine((d) => d >= '1900-01-01', { error: dateMessages.tooOld })
  .refine((d) => d <= isoDay(new Date()), { error: dateMessages.future });

export const qualificationStatuses = ['completed', 'current', 'intended'] as const;
export type QualificationStatus = (typeof qualificationStatuses)[number];

/**
 * A qualification's status: the one the candidate chose, else derived from its dates (ended
 * before today: completed; starts after today: intended; otherwise current). Null when neither
 * a status nor a date says anything.
 */
export function qualificationStatusOf(
  q: { status: QualificationStatus | null; startsAt: string | null; endsAt: string | null },
  today: string,
): QualificationStatus | null {
  if (q.status) return q.status;
  if (q.endsAt && q.endsAt < today) return 'completed';
  if (q.startsAt && q.startsAt > today) return 'intended';
  if (q.startsAt || q.endsAt) return 'current';
  return null;
}
