import { sql, type SQL } from 'drizzle-orm';

// Every candidate has an analytics key, a number from 0 to 255 that the counts of analytics are
// moved by (cell-key perturbation): the database function `analytics_key` of the candidate's id
// and the installation's secret seed (`analytics_settings.key_seed`). It is worked out where it is
// needed, never stored beside a person and never shown.
/**
 * A candidate's analytics key (0 to 255), from their id: the database's `analytics_key` under the
 * installation's secret seed, read once per statement. Never stored, never shown.
 */
export function analyticsKeySql(candidate: SQL): SQL<number> {
  return sql<number>`analytics_key(${candidate}, (select key_seed from analytics_settings))`;
}
