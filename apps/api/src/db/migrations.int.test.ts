import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminQuery, serverUrl, testDbTarget, withDatabase } from '../test/db-target.ts';
import { createTestDatabase } from '../test/db.ts';
import { createPglite, migrationsFolder, openDatabase, type Database } from './client.ts';

// Every other integration test file starts from a copy of one database migrated once per run.
// This file applies the migrations to an empty database itself, as a new deployment does, and
// holds the result equal to that copy, so the shortcut cannot hide a migration that fails or
// differs when it runs from nothing.

type Rows = Record<string, unknown>[];

async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Rows> {
  const result = (await database.db.execute(query)) as unknown as { rows: Rows };
  return result.rows;
}

/** The schema as the catalogue describes it: what the migrations made, in a stable order. */
async function catalogue(database: Database) {
  return {
    columns: await rows(
      database,
      sql`select table_name, column_name, data_type, is_nullable, column_default
            from information_schema.columns where table_schema = 'public'
           order by table_name, column_name`,
    ),
    indexes: await rows(
      database,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'
           order by indexname`,
    ),
    constraints: await rows(
      database,
      sql`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def
            from pg_constraint where connamespace = 'public'::regnamespace
           order by rel, conname`,
    ),
    functions: await rows(
      database,
      sql`select proname, md5(prosrc) as body from pg_proc
           where pronamespace = 'public'::regnamespace order by proname, body`,
    ),
    triggers: await rows(
      database,
      sql`select tgname, pg_get_triggerdef(oid) as def from pg_trigger
           where not tgisinternal order by tgname, def`,
    ),
    extensions: await rows(database, sql`select extname from pg_extension order by extname`),
    migrations: await rows(
      database,
      sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
    ),
  };
}

let fresh: Database & { drop(): Promise<void> };
let copy: Awaited<ReturnType<typeof createTestDatabase>>;

async function emptyDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (testDbTarget === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', pglite: await createPglite() });
    return { ...database, drop: () => database.close() };
  }
  const name = `pathways_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(serverUrl(), name),
    max: 2,
  });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

beforeAll(async () => {
  [fresh, copy] = await Promise.all([emptyDatabase(), createTestDatabase()]);
  await fresh.migrate();
});

afterAll(async () => {
  await Promise.all([fresh?.drop(), copy?.drop()]);
});

describe('the migrations', () => {
  it('apply to an empty database, every one of them once', async () => {
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await rows(
      fresh,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
    // Applying them again changes nothing.
    await fresh.migrate();
    const again = await rows(
      fresh,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(again[0]?.n).toBe(journal.entries.length);
  });

  it('leave the same schema as the database every test file starts from', async () => {
    const [made, copied] = await Promise.all([catalogue(fresh), catalogue(copy)]);
    expect(made.columns.length).toBeGreaterThan(100);
    expect(made).toEqual(copied);
  });

  it('leave the copies every test file starts from empty of rows a test would see', async () => {
    const counts = await rows(
      copy,
      sql`select (select count(*) from users)::int as users,
                 (select count(*) from opportunities)::int as opportunities,
                 (select count(*) from applications)::int as applications`,
    );
    expect(counts[0]).toEqual({ users: 0, opportunities: 0, applications: 0 });
  });
});
