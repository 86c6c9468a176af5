/**
 * An active workspace is an opportunity published in the past that has not commenced yet (or
 * has no commencement date). The API's SQL condition says the same and a test holds them equal.
 */
export function isActiveWorkspace(
  opportunity: { publishedAt: Date | null; commencesAt: Date | null },
  now: Date,
): boolean {
  if (!opportunity.publishedAt || opportunity.publishedAt > now) return false;
  return !opportunity.commencesAt || opportunity.commencesAt > now;
}
