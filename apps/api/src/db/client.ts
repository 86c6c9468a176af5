import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; pglite?: PGlite }
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** Told when an idle connection fails (the server restarted or ended it). */
      onIdleError?: (error: Error) => void;
    };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance in embedded mode (pg-boss and tests use it). */
  pglite?: PGlite;
  /** The node-postgres pool on a server. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  /** One round trip, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const pgliteExtensions = { btree_gist, citext, cube, earthdistance, pg_trgm };

/** Opens PGlite under `dataDir` (in memory when omitted) with the extensions the schema needs. */
export async function createPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir, { extensions: pgliteExtensions });
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    // A data directory on disk belongs to one process: its lock comes before PGlite opens it
    // (DatabaseInUseError when another running process holds it) and goes once it is closed.
    const lock = !target.pglite && target.dataDir ? lockDataDir(target.dataDir) : undefined;
    let pglite: PGlite;
    try {
      pglite = target.pglite ?? (await createPglite(target.dataDir));
    } catch (error) {
      lock?.release();
      throw error;
    }
    const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite,
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      ping: async () => void (await pglite.query('select 1')),
      close: async () => {
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
  // An idle connection the server ends (a restart, a failover, an administrator) leaves the
  // pool and the next query opens a new one; unheard, the error would end the whole process.
  pool.on('error', (error) => target.onIdleError?.(error));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}
