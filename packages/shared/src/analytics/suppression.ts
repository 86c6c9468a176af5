// Small-cell suppression: analytics never shows how many people are in a group of fewer than
// MIN_GROUP_SIZE. Such a group is reported as "fewer than 5" (`{ suppressed: true }`), in charts,
// tables and CSV alike. The same threshold is applied in SQL by `shownCountSql` on the API
// side; a test holds the two equal.

import { z } from 'zod';

/** The smallest group whose size analytics may show. */
export const MIN_GROUP_SIZE = 5;

/** What a user reads in place of a suppressed count. */
export const SUPPRESSED_LABEL = `fewer than ${MIN_GROUP_SIZE}`;

/** A count as analytics hands it out: a number, or null when the group is too small to show. */
export const reportedCountSchema = z.number().int().nonnegative().nullable();
export type ReportedCount = z.infer<typeof reportedCountSchema>;

/**
 * The count to report for a group of `n` people: `n` itself when it is 0 or at least
 * MIN_GROUP_SIZE, otherwise null ("fewer than 5"). An empty group is reported as 0: that there
 * is nobody reveals nothing about anybody.
 */
export function reportCount(n: number): ReportedCount {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`not a count: ${n}`);
  return n === 0 || n >= MIN_GROUP_SIZE ? n : null;
}

/** Whether a group of `n` people is too small to show. */
export function isSuppressed(n: number): boolean {
  return reportCount(n) === null;
}

/** What the analytics pages tell their readers about the counts they show. */
export const PRIVACY_NOTE = `To protect privacy, any group smaller than ${MIN_GROUP_SIZE} people shows "${SUPPRESSED_LABEL}", and every count is moved by up to 2 so that answers cannot be combined to single anyone out: a total need not be the sum of its groups.`;

/** How a reported count reads in a table cell or a CSV field. */
export function formatReportedCount(count: ReportedCount): string {
  return count === null ? SUPPRESSED_LABEL : String(count);
}

// Cell-key perturbation: thresholds alone cannot stop a reader from asking for two answers whose
// people differ by a small group (dates three weeks apart, two values of a list, two filters at
// once) and reading that group's size off their difference. So every count of people the
// analytics pages and the criterion funnel show is moved by a small, fixed amount: each candidate
// has a key (0 to 255, a hash of their id under a secret seed) that never changes and is never
// shown; a group's cell key is the sum of its people's keys modulo 256; the
// amount (-2 to +2) is looked up from the cell key and the count. The same people always give
// the same answer, so asking again reveals nothing; two groups that differ by anybody have
// unrelated cell keys, so the difference of two answers carries the sum of two unknown amounts.
// A count of 5 or more stays 5 or more, an empty group stays 0, and 1 to 4 still read "fewer
// than 5". The same rule is written in SQL (`shownCountSql` on the API side); a test holds the
// two equal.

/** The cell keys: a group's key is the sum of its people's keys modulo this. */
export const CELL_KEY_MODULUS = 256;

/**
 * The amounts a count may move by, one of which each cell key picks (so a random cell key picks
 * each with the same chance): small, centred on 0, nothing more than 2 either way.
 */
export const CELL_ADJUSTMENTS = [-2, -1, -1, 0, 0, 1, 1, 2] as const;

/** The cell key of a group whose people's keys add up to `keySum`. */
export function cellKey(keySum: number): number {
  if (!Number.isInteger(keySum)) throw new RangeError(`not a key sum: ${keySum}`);
  return ((keySum % CELL_KEY_MODULUS) + CELL_KEY_MODULUS) % CELL_KEY_MODULUS;
}

/**
 * How much a count `n` (at least MIN_GROUP_SIZE) moves for a group with this cell key. The slot
 * is an odd multiple of the cell key (so every cell key gives a different slot for one `n`),
 * shifted by `n`; an amount that would take the count below MIN_GROUP_SIZE is taken upwards.
 */
export function cellAdjustment(n: number, key: number): number {
  const slot =
    ((key * 167 + (n % CELL_KEY_MODULUS) * 89 + 7) % CELL_KEY_MODULUS) % CELL_ADJUSTMENTS.length;
  const amount = CELL_ADJUSTMENTS[slot]!;
  return n + amount < MIN_GROUP_SIZE ? Math.abs(amount) : amount;
}

/**
 * The count analytics shows for a group of `n` people whose keys add up to `keySum`: 0 for
 * nobody, null ("fewer than 5") for 1 to 4, else `n` moved by its cell's adjustment.
 */
export function shownCount(n: number, keySum: number): ReportedCount {
  const reported = reportCount(n);
  if (reported === null || reported === 0) return reported;
  return n + cellAdjustment(n, cellKey(keySum));
}
