// SQL twins of the screening rules: each is held equal to its TypeScript counterpart by a test.
import { sql, type SQL } from 'drizzle-orm';

import { flags, type applications } from '../../db/schema/index.ts';

/**
 * True when the candidate (an SQL expression naming their user id, e.g. a column of
 * applications) has an open flag: their profile was reported and the section has not been
 * corrected yet. The candidate is compared outside the subquery, so the expression means the
 * outer query's column however it is rendered.
 */
export function isReportedSql(candidateId: SQL | typeof applications.candidateId): SQL<boolean> {
  return sql<boolean>`(${candidateId} in (
    select reported.candidate_id from ${flags} reported where reported.resolved_at is null
  ))`.mapWith(Boolean);
}
