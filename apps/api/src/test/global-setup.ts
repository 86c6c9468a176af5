import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import {
  adminQuery,
  createMigratedDatabase,
  migratedPgliteImage,
  testDbTarget,
} from './db-target.ts';

/**
 * Migrates once per run: every integration test file starts from a copy of one migrated, empty
 * database instead of applying every migration itself. On PGlite the copy is a dump of the
 * data directory (loading it takes a fraction of creating and migrating one); on a PostgreSQL
 * server it is a template database (`CREATE DATABASE … TEMPLATE`), dropped after the run.
 * The migrations themselves are applied from nothing here, and again by their own test.
 */
export default async function setup(project: TestProject) {
  if (testDbTarget === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'pathways-pglite-image-'));
    const path = join(dir, 'migrated.tar');
    writeFileSync(path, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
    project.provide('pgliteImage', path);
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `pathways_template_${process.pid}_${Date.now().toString(36)}`;
  await createMigratedDatabase(name);
  project.provide('pgliteImage', '');
  project.provide('postgresTemplate', name);
  return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
