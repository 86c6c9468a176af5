import {
  CELL_ADJUSTMENTS,
  CELL_KEY_MODULUS,
  MIN_GROUP_SIZE,
} from '@pathways/shared/analytics/suppression';
import { sql, type SQL } from 'drizzle-orm';

const below = sql.raw(String(MIN_GROUP_SIZE - 1));
const least = sql.raw(String(MIN_GROUP_SIZE));
const modulus = sql.raw(String(CELL_KEY_MODULUS));
const amounts = sql.raw(`array[${CELL_ADJUSTMENTS.join(',')}]`);
const slots = sql.raw(String(CELL_ADJUSTMENTS.length));

/**
 * A count of people as analytics shows it, the twin of the shared `shownCount`: null for 1 to
 * MIN_GROUP_SIZE - 1, 0 for nobody, else the count moved by the adjustment its cell key picks.
 * `keySum` is the sum of the analytics keys of the same people (`analyticsKeySql` of the
 * database). A test holds the two equal.
 */
export function shownCountSql(count: SQL, keySum: SQL): SQL<number | null> {
  const n = sql`(${count})::bigint`;
  const key = sql`(((${keySum})::bigint % ${modulus}) + ${modulus}) % ${modulus}`;
  const amount = sql`(${amounts})[((${key} * 167 + (${n} % ${modulus}) * 89 + 7) % ${modulus}) % ${slots} + 1]`;
  return sql<number | null>`(case when ${n} between 1 and ${below} then null
    when ${n} = 0 then 0
    else (${n} + case when ${n} + ${amount} < ${least} then abs(${amount}) else ${amount} end)::int end)`;
}
