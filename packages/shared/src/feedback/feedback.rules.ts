import type { FeedbackState } from './feedback.schemas.ts';

/** The average of the given star ratings to one decimal, ignoring missing ones; null if none. */
export function averageRating(ratings: readonly (number | null)[]): number | null {
  const given = ratings.filter((r): r is number => r !== null);
  if (given.length === 0) return null;
  const sum = given.reduce((a, b) => a + b, 0);
  return Math.round((sum / given.length) * 10) / 10;
}

/**
 * The rating an application shows: a manager's own rating always wins; without one, the average
 * of the colleagues' ratings stands in (and is never written over the manager's field).
 */
export function shownRating(
  ownRating: number | null,
  colleagues: number | null,
): { rating: number | null; source: 'manager' | 'colleagues' | null } {
  if (ownRating !== null) return { rating: ownRating, source: 'manager' };
  if (colleagues !== null) return { rating: colleagues, source: 'colleagues' };
  return { rating: null, source: null };
}

/**
 * The rating an application carries in the tracker's rating column, in whole stars: the
 * manager's own rating, else the colleagues' average rounded to the nearest star (half up);
 * null when neither exists.
 */
export function trackerRating(
  ownRating: number | null,
  colleagueRatings: readonly (number | null)[],
): number | null {
  const shown = shownRating(ownRating, averageRating(colleagueRatings)).rating;
  return shown === null ? null : Math.round(shown);
}

/**
 * A responder has answered a request once they responded on every applicant shared in it;
 * the requester's request is answered once every responder has.
 */
export function responderState(
  sharedApplicationIds: readonly number[],
  answeredApplicationIds: readonly number[],
): FeedbackState {
  const answered = new Set(answeredApplicationIds);
  return sharedApplicationIds.every((id) => answered.has(id)) ? 'answered' : 'open';
}

export function requestState(responderStates: readonly FeedbackState[]): FeedbackState {
  return responderStates.length > 0 && responderStates.every((s) => s === 'answered')
    ? 'answered'
    : 'open';
}

/** The ids of `wanted` that are not in `allowed`, in the order given. */
export function refusedIds(wanted: readonly number[], allowed: Iterable<number>): number[] {
  const ok = new Set(allowed);
  return wanted.filter((id) => !ok.has(id));
}

/** How an answer from someone outside the organization is signed: "Name (outside)". */
export function outsiderName(guest: { name: string | null; email: string }): string {
  return `${guest.name?.trim() || guest.email} (outside)`;
}
