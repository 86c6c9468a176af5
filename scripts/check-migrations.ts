// Fails when the committed migrations do not match the Drizzle schema: the migration folder
// must be consistent (`drizzle-kit check`), and generating migrations from the schema must
// produce nothing new. Generation writes into a copy of the folder, never into the repository.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

import config from '../apps/api/drizzle.config.ts';

const apiDir = resolve(import.meta.dirname, '../apps/api');
if (!config.out || !config.schema || !config.dialect) {
  throw new Error('the Drizzle config names no dialect, schema or migration folder');
}
const migrations = resolve(apiDir, config.out);
const schemas = Array.isArray(config.schema) ? config.schema : [config.schema];

/** Every file under a folder, by its path inside it, with its content. */
function files(dir: string, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      for (const [k, v] of files(path, `${prefix}${name}/`)) found.set(k, v);
    } else {
      found.set(`${prefix}${name}`, readFileSync(path, 'utf8'));
    }
  }
  return found;
}

function drizzleKit(command: string, out: string): void {
  // drizzle-kit reads `out` relative to the working directory.
  const args = [
    'drizzle-kit',
    command,
    '--dialect',
    config.dialect,
    '--out',
    relative(apiDir, out),
  ];
  if (command === 'generate') {
    for (const schema of schemas) args.push('--schema', schema);
    if (config.casing) args.push('--casing', config.casing);
  }
  // No terminal: a question (such as "is this column renamed?") ends the run instead of waiting.
  const result = spawnSync('npx', args, {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`drizzle-kit ${command} failed (exit ${result.status ?? result.signal})`);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'pathways-migrations-'));
try {
  cpSync(migrations, scratch, { recursive: true });
  drizzleKit('check', scratch);
  drizzleKit('generate', scratch);

  const before = files(migrations);
  const after = files(scratch);
  const added = [...after.keys()].filter((name) => !before.has(name));
  const changed = [...after.keys()].filter(
    (name) => before.has(name) && before.get(name) !== after.get(name),
  );
  if (added.length > 0 || changed.length > 0) {
    console.error(
      'The schema has changes no migration holds. Run `npm run db:generate` and commit the result.',
    );
    for (const name of added) console.error(`  new      ${name}`);
    for (const name of changed) console.error(`  changed  ${name}`);
    for (const name of added.filter((n) => n.endsWith('.sql'))) {
      console.error(`\n--- ${name}\n${after.get(name)}`);
    }
    process.exitCode = 1;
  } else {
    console.log(
      `Migrations match the schema (${before.size} files in ${relative(process.cwd(), migrations)}).`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
