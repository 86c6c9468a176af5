import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any('{1,2,3}'::int[])`: one bound parameter however long the list, where `IN (…)`
 * binds one parameter per id (slow to parse and plan for a thousand ids, and capped at 65 535).
 */
export function inIds(column: PgColumn | SQL, ids: readonly number[]): SQL {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  }
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}
