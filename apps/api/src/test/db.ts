import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

import { openDatabase, type Database } from '../db/client.ts';
import {
  copyDatabase,
  createMigratedDatabase,
  dropDatabase,
  loadPgliteImage,
  migratedPglite,
  serverUrl,
  testDbTarget,
  withDatabase,
} from './db-target.ts';

export { testDbTarget };

/**
 * What the integration suite's global setup handed over, or nothing outside a vitest run (a
 * benchmark that builds its own database), where each database is migrated from nothing.
 */
function provided(key: 'pgliteImage' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

// The migrated image, read once a process; a file that opens several databases loads it again.
let pgliteImage: Blob | undefined;

function newPglite(): Promise<PGlite> {
  const path = provided('pgliteImage');
  if (!path) return migratedPglite();
  pgliteImage ??= new Blob([readFileSync(path)]);
  return loadPgliteImage(pgliteImage);
}

/**
 * Opens a fresh, migrated, empty database for one test file, copied from the run's migrated
 * template (see global-setup.ts), or migrated here outside a test run. Close it with `drop()`.
 */
export async function createTestDatabase(): Promise<
  Database & { drop(): Promise<void>; url?: string }
> {
  if (testDbTarget === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', pglite: await newPglite() });
    return { ...database, drop: () => database.close() };
  }
  const name = `pathways_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = provided('postgresTemplate');
  if (template) await copyDatabase(name, template);
  else await createMigratedDatabase(name);
  const url = withDatabase(serverUrl(), name);
  const database = await openDatabase({ kind: 'postgres', url, max: 5 });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}
