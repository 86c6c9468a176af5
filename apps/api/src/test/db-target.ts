import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { createPglite, openDatabase, pgliteExtensions } from '../db/client.ts';

// How a test database is made, on PGlite or a PostgreSQL server: migrated from nothing, or
// copied from one migrated once. The integration suite's global setup, its files (db.ts) and
// the benchmark of the two ways (bench/test-databases.ts) all make them here.

// What the integration suite's global setup (global-setup.ts) hands every test file.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as a tarball, loaded by each test file. */
    pgliteImage: string;
    /** A migrated, empty database on the PostgreSQL server, copied for each test file. */
    postgresTemplate: string;
  }
}

/**
 * Integration tests run on PGlite by default and on a PostgreSQL server when
 * TEST_DB_TARGET=postgres (TEST_DATABASE_URL names the server).
 */
export const testDbTarget: 'pglite' | 'postgres' =
  process.env.TEST_DB_TARGET === 'postgres' ? 'postgres' : 'pglite';

export function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
  return url;
}

/** The server's address with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A connection to the server's own database, for creating and dropping databases. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server's own database. */
export async function adminQuery(text: string): Promise<void> {
  await withAdmin((client) => client.query(text));
}

/** A new in-memory PGlite with every migration applied. */
export async function migratedPglite(): Promise<PGlite> {
  const pglite = await createPglite();
  await (await openDatabase({ kind: 'pglite', pglite })).migrate();
  return pglite;
}

/** The data directory of a migrated, empty PGlite, as a tarball to load copies from. */
export async function migratedPgliteImage(): Promise<Blob> {
  const pglite = await migratedPglite();
  // A checkpoint first, so the dump holds the migrated catalogue without replaying its log.
  await pglite.exec('CHECKPOINT');
  const image = await pglite.dumpDataDir('none');
  await pglite.close();
  return image;
}

/** A PGlite started from a migrated image: the same empty, migrated database, in memory. */
export function loadPgliteImage(image: Blob): Promise<PGlite> {
  return PGlite.create({ loadDataDir: image, extensions: pgliteExtensions });
}

/** Creates a database on the server and applies every migration to it. */
export async function createMigratedDatabase(name: string): Promise<void> {
  await adminQuery(`CREATE DATABASE ${name}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(serverUrl(), name),
    max: 1,
  });
  try {
    await database.migrate();
  } finally {
    // A template may have no open connection while databases are copied from it.
    await database.close();
  }
}

/**
 * Copies a migrated template into a new database. Two workers may copy it at once; PostgreSQL
 * refuses a copy while another session is connected to the template, so a refusal for that
 * reason is tried again.
 */
export async function copyDatabase(name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Drops a database of the server once the connections still closing have gone. */
export async function dropDatabase(name: string): Promise<void> {
  await withAdmin(async (c) => {
    for (let waited = 0; waited < 5000; waited += 50) {
      const { rows } = await c.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
