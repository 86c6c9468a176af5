import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../db/client.ts';

// PostgreSQL allows 65 535 bind parameters a statement; stay well below.
const MAX_PARAMETERS = 30_000;

function chunkSize(table: PgTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)));
}

/** Inserts rows in a few multi-row statements (`ignoreConflicts`: skip rows that already exist). */
export async function insertAll<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  options: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  const size = chunkSize(table);
  for (let i = 0; i < rows.length; i += size) {
    const insert = db.insert(table).values(rows.slice(i, i + size) as never);
    await (options.ignoreConflicts ? insert.onConflictDoNothing() : insert);
  }
}

/**
 * Inserts rows in a few multi-row statements and returns their generated ids, in the order
 * of `rows` (PostgreSQL returns the rows of an INSERT ... VALUES in the order given).
 */
export async function insertIds<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const size = chunkSize(table);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const inserted = (await db
      .insert(table)
      .values(rows.slice(i, i + size) as never)
      .returning({ id: table.id } as never)) as unknown as { id: number }[];
    for (const row of inserted) ids.push(row.id);
  }
  if (ids.length !== rows.length) throw new Error(`expected ${rows.length} ids, got ${ids.length}`);
  return ids;
}
