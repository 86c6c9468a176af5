// `npm test`: every suite this machine can run, one after another, with one summary that says
// how long each took.
//   unit + web      pure code and React components
//   integration     the API over HTTP on embedded PostgreSQL (PGlite)
//   integration     again on a PostgreSQL server when TEST_DATABASE_URL is set
//   processes       the production layout (two API processes, workers, nginx in front) on that
//                   server, when TEST_DATABASE_URL is set and nginx is installed
//   browser         Playwright driving Chromium against the built product, when Chromium exists
// Each suite runs its files on every core (TEST_WORKERS overrides the count): measured on two
// cores, two workers finish each suite in well under the time of one. Arguments are passed to
// vitest, e.g. `npm test -- apps/api/src/features/managers` runs the files under that path.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

interface Run {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  seconds: number;
  note?: string;
}

const runs: Run[] = [];
const out = mkdtempSync(join(tmpdir(), 'pathways-test-results-'));
const extraArgs = process.argv.slice(2);
const workers = Number(process.env.TEST_WORKERS) || availableParallelism();
const started = Date.now();
const since = (t: number) => Math.round((Date.now() - t) / 1000);
const duration = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

function vitest(name: string, projects: string[], env: Record<string, string> = {}): void {
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push(`--maxWorkers=${workers}`);
  // Asked for some files, a suite that holds none of them has nothing to run.
  if (extraArgs.length > 0) args.push('--passWithNoTests');
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
  const ok = result.status === 0 && failed === 0 && (passed > 0 || extraArgs.length > 0);
  const seconds = since(t);
  console.log(`=== ${name}: ${duration(seconds)} ===`);
  runs.push({
    name,
    passed,
    failed,
    skipped,
    ok,
    seconds,
    note: ok ? undefined : `exit ${result.status}`,
  });
}

vitest('unit and web', ['unit', 'web']);
vitest('integration on PGlite', ['integration'], { TEST_DB_TARGET: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('integration on PostgreSQL server', ['integration'], { TEST_DB_TARGET: 'postgres' });
} else {
  console.log('\nIntegration on a PostgreSQL server: not run (set TEST_DATABASE_URL to run it).');
}

// The production layout runs on the server of TEST_DATABASE_URL, behind nginx.
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nProcesses suite: not run (set TEST_DATABASE_URL to run it).');
} else if (!existsSync(nginx)) {
  console.log(`\nProcesses suite: not run, no nginx at ${nginx} (apt-get install -y nginx).`);
} else {
  vitest('processes (two API processes, worker, nginx)', ['processes'], { NGINX_PATH: nginx });
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  console.log('\n=== building the web app for the browser suite ===');
  const t = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  console.log(`=== web build: ${duration(since(t))} ===`);
  if (build.status === 0) vitest('browser (Chromium)', ['browser'], { CHROMIUM_PATH: chromium });
  else
    runs.push({
      name: 'browser (Chromium)',
      passed: 0,
      failed: 1,
      skipped: 0,
      ok: false,
      seconds: since(t),
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
    `${status} ${r.name.padEnd(34)} ${duration(r.seconds).padStart(13)}  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ''}`,
  );
}
console.log(`all suites: ${duration(since(started))} on ${workers} workers`);
const total = runs.reduce((n, r) => n + r.passed + r.failed, 0);
if (total === 0) {
  console.log('no test ran');
  process.exit(1);
}
const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
const skipped = runs.reduce((n, r) => n + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
