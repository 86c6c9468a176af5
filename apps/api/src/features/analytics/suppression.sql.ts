import { MIN_GROUP_SIZE } from '@pathways/shared/analytics/suppression';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The small-cell rule in SQL, the twin of the shared `reportCount`: a count of 1 to
 * MIN_GROUP_SIZE - 1 becomes null ("fewer than 5"); 0 and MIN_GROUP_SIZE or more stay.
 * A test holds the two equal.
 */
export function suppressedCountSql(count: SQL): SQL<number | null> {
  return sql<
    number | null
  >`(case when ${count} between 1 and ${sql.raw(String(MIN_GROUP_SIZE - 1))} then null else (${count})::int end)`;
}
