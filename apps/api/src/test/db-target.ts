import pg from 'pg';

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
