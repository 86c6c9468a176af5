// `npm test`: every suite this machine can run, one after another, with one summary.
//   unit + web      pure code and React components
//   integration     the API over HTTP on embedded PostgreSQL (PGlite)
//   integration     again on a PostgreSQL server when TEST_DATABASE_URL is set
//   browser         Playwright driving Chromium against the built product, when Chromium exists
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Run {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  note?: string;
}

const runs: Run[] = [];
const out = mkdtempSync(join(tmpdir(), 'pathways-test-results-'));
const extraArgs = process.argv.slice(2);

function vitest(name: string, projects: string[], env: Record<string, string> = {}): void {
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  console.log(`\n=== ${name} ===`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extraArgs);
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    skipped = report.numPendingTests + report.numTodoTests;
  }
  const ok = result.status === 0 && failed === 0 && passed > 0;
  runs.push({ name, passed, failed, skipped, ok, note: ok ? undefined : `exit ${result.status}` });
}

vitest('unit and web', ['unit', 'web']);
vitest('integration on PGlite', ['integration'], { TEST_DB_TARGET: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('integration on PostgreSQL server', ['integration'], { TEST_DB_TARGET: 'postgres' });
} else {
  console.log('\nIntegration on a PostgreSQL server: not run (set TEST_DATABASE_URL to run it).');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  console.log('\n=== building the web app for the browser suite ===');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status === 0) vitest('browser (Chromium)', ['browser'], { CHROMIUM_PATH: chromium });
  else
    runs.push({
      name: 'browser (Chromium)',
      passed: 0,
      failed: 1,
      skipped: 0,
      ok: false,
      note: 'web build failed',
    });
} else {
  console.log(
    `\nBrowser suite: not run, no Chromium at ${chromium} (apt-get install -y chromium).`,
  );
}

console.log('\n=== summary ===');
for (const r of runs) {
  const status = r.ok ? 'ok  ' : 'FAIL';
  console.log(
    `${status} ${r.name.padEnd(34)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ''}`,
  );
}
const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
const skipped = runs.reduce((n, r) => n + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
