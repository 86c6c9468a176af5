// Small-cell suppression: analytics never shows how many people are in a group of fewer than
// MIN_GROUP_SIZE. Such a group is reported as "fewer than 5" (`{ suppressed: true }`), in charts,
// tables and CSV alike. The same threshold is applied in SQL by `suppressedCountSql` on the API
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

/** How a reported count reads in a table cell or a CSV field. */
export function formatReportedCount(count: ReportedCount): string {
  return count === null ? SUPPRESSED_LABEL : String(count);
}
