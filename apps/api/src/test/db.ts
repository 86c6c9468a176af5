import { randomBytes } from 'node:crypto';

import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { createPglite, openDatabase, type Database } from '../db/client.ts';

/**
 * Integration tests run on PGlite by default and on a PostgreSQL server when
 * TEST_DB_TARGET=postgres (TEST_DATABASE_URL names the server). Each test file gets a
 * database of its own, made from a migrated template so migrations run once a process.
 */
export const testDbTarget: 'pglite' | 'postgres' =
  process.env.TEST_DB_TARGET === 'postgres' ? 'postgres' : 'pglite';

let pgliteTemplate: Promise<PGlite> | undefined;

async function migratedPgliteTemplate(): Promise<PGlite> {
  const pglite = await createPglite();
  const database = await openDatabase({ kind: 'pglite', pglite });
  await database.migrate();
  return pglite;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Opens a fresh, migrated, empty database for one test file. Close it with `drop()`. */
export async function createTestDatabase(): Promise<
  Database & { drop(): Promise<void>; url?: string }
> {
  if (testDbTarget === 'pglite') {
    pgliteTemplate ??= migratedPgliteTemplate();
    const template = await pgliteTemplate;
    const pglite = (await template.clone()) as PGlite;
    const database = await openDatabase({ kind: 'pglite', pglite });
    return { ...database, drop: () => database.close() };
  }
  const name = `pathways_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(serverUrl(), name);
  const database = await openDatabase({ kind: 'postgres', url, max: 5 });
  await database.migrate();
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await admin(async (c) => {
        // Connections that are still closing would be ended by the drop; let them finish.
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
    },
  };
}
