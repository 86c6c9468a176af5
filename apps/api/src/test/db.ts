import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

import { openDatabase, pgliteExtensions, type Database } from '../db/client.ts';
import { adminQuery, serverUrl, testDbTarget, withAdmin, withDatabase } from './db-target.ts';

export { testDbTarget };

// The migrated image, read once a process; a file that opens several databases loads it again.
let pgliteImage: Blob | undefined;

async function loadPglite(): Promise<PGlite> {
  pgliteImage ??= new Blob([readFileSync(inject('pgliteImage'))]);
  return PGlite.create({ loadDataDir: pgliteImage, extensions: pgliteExtensions });
}

/**
 * Copies the run's migrated template into a new database. Two workers may copy it at once;
 * PostgreSQL refuses a copy while another session is connected to the template, so a refusal
 * for that reason is tried again.
 */
async function copyTemplate(name: string): Promise<void> {
  const template = inject('postgresTemplate');
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

/**
 * Opens a fresh, migrated, empty database for one test file, copied from the run's migrated
 * template (see global-setup.ts). Close it with `drop()`.
 */
export async function createTestDatabase(): Promise<
  Database & { drop(): Promise<void>; url?: string }
> {
  if (testDbTarget === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', pglite: await loadPglite() });
    return { ...database, drop: () => database.close() };
  }
  const name = `pathways_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await copyTemplate(name);
  const url = withDatabase(serverUrl(), name);
  const database = await openDatabase({ kind: 'postgres', url, max: 5 });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await withAdmin(async (c) => {
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
