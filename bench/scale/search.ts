// Search throughput at national size, against its floor, on the scale database.
//
//   npm run bench:scale:data && npm run bench:scale:search
//   BENCH_SECONDS=10 BENCH_ROUNDS=2 SCALE_DATABASE_URL=… npm run bench:scale:search
//
// The API runs in production mode on the scale database, in a process of its own (started by
// bench/product.ts). For each call (a guest's page 1 near Johannesburg, without and with a
// filter; a signed-in candidate's, without and with the "I qualify" filter; the guest map's
// 500 nearest locations):
//   - the API: autocannon, 50 connections for BENCH_SECONDS (20 by default) after a 3 s
//     warm-up, asking for `br, gzip` as a browser does: requests/s, p50, p97.5, p99, and the
//     API process's peak resident memory (RSS) under that load;
//   - the floor: the very statements the API ran for one such request (captured from a server
//     started with bench/scale/capture-sql.ts, their bound values written in as literals), as
//     one pgbench transaction, 50 clients, 2 threads, for the same time: transactions/s;
//   - the same floor with as many clients as the API has connections to the database (25,
//     DATABASE_POOL_SIZE; BENCH_API_POOL when the API is given another);
//   - BENCH_ROUNDS rounds (2 by default) of both, side by side, the floor first in every other
//     round; the ratio API / floor is the median of the rounds' ratios;
//   - the bytes of one answer, plain, gzip and brotli, and the median time of three requests
//     sent one at a time (no queue);
//   - with BENCH_BASELINE_ROOT (another checkout, e.g. `git archive <commit> | tar -x -C dir`
//     with node_modules linked in), that checkout's API too, on the same database, in the same
//     rounds, each of the API, the baseline and the floor first in turn; the baseline gets a
//     floor of its own when its statements differ.
// A benchmark, not a test: it reports, it never fails on a number.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

import autocannon, { type Result } from 'autocannon';

import { median } from '../stats.ts';
import { JOHANNESBURG, notable, SCALE_DATABASE_URL } from './database.ts';
import pg from 'pg';
import { startProduct, type Product } from '../product.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
/** Rounds of API and floor, alternating which runs first. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 50;
/** The connections one API process keeps to PostgreSQL (DATABASE_POOL_SIZE, 25 by default). */
const API_POOL = Number(process.env.BENCH_API_POOL ?? 25);
/** A checkout to compare this one with, its API run beside this one's. */
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
const HEADERS = { 'accept-encoding': 'br, gzip' };
const NEAR = `latitude=${JOHANNESBURG.latitude}&longitude=${JOHANNESBURG.longitude}`;
const run = promisify(execFile);

/** The API as production runs it, on the scale database; with `capture`, it logs its SQL there. */
function startApi(capture?: string, root?: string): Promise<Product> {
  return startProduct({
    databaseUrl: SCALE_DATABASE_URL,
    ...(root ? { root } : {}),
    ...(capture
      ? {
          nodeArgs: ['--import', './bench/scale/capture-sql.ts'],
          env: { SCALE_CAPTURE_FILE: capture },
        }
      : {}),
  });
}

/** The resident memory of a process in bytes (Linux), or undefined when it cannot be read. */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `work` while sampling a process's memory every 100 ms; gives the work's result and the peak. */
async function withPeakRss<T>(pid: number | undefined, work: () => Promise<T>) {
  let peak = rssOf(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid) ?? 0)), 100);
  try {
    const result = await work();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

async function login(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const authorization = response.headers.get('authorization');
  if (!response.ok || !authorization) throw new Error(`log-in failed: ${response.status}`);
  return authorization;
}

/** The bytes of one answer on the wire, with these headers (no decompression). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** A bound value as an SQL literal of unknown type, as a bound parameter is. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Replaces $n by its value, outside string literals and quoted names. */
function inline(text: string, values: unknown[]): string {
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, n?: string) =>
    n === undefined ? match : literal(values[Number(n) - 1]),
  );
}

interface Target {
  name: string;
  path: string;
  authorization?: string;
}

/** The statements one request of each target runs, as pgbench scripts. */
interface Script {
  file: string;
  statements: number;
  text: string;
}

async function captureScripts(
  targets: Omit<Target, 'authorization'>[],
  signIn: (base: string) => Promise<string>,
  dir: string,
  root?: string,
): Promise<Map<string, Script>> {
  const log = join(dir, 'statements.jsonl');
  writeFileSync(log, '');
  const api = await startApi(log, root);
  const scripts = new Map<string, Script>();
  try {
    const authorization = await signIn(api.baseUrl);
    for (const target of targets) {
      const headers: Record<string, string> = target.name.startsWith('guest')
        ? {}
        : { authorization };
      // Once to warm the process (first-use queries), then the request whose statements count.
      await fetch(`${api.baseUrl}${target.path}`, { headers }).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 200));
      const before = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
      const res = await fetch(`${api.baseUrl}${target.path}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${target.path}: ${res.status}`);
      await new Promise((r) => setTimeout(r, 200));
      const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean).slice(before);
      const statements = lines
        .map((line) => JSON.parse(line) as { text: string; values: unknown[] })
        // The process's own heartbeats and the job queue's polling are no part of the request.
        .filter(({ text }) => !/pgboss|pg_listening_channels|live_processes/.test(text))
        .map(({ text, values }) => `${inline(text, values).trim().replace(/;$/, '')};`);
      const file = join(dir, `${target.name.replace(/\W+/g, '-')}.sql`);
      const text = `${statements.join('\n\n')}\n`;
      writeFileSync(file, text);
      scripts.set(target.name, { file, statements: statements.length, text });
    }
  } finally {
    await api.stop();
  }
  return scripts;
}

async function pgbench(file: string, seconds: number, clients = CONNECTIONS): Promise<number> {
  // The server's connections are shared: when they run out, wait for idle ones to close (an API's
  // pool closes a connection idle for 10 s) and try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await pgbenchOnce(file, seconds, clients);
    } catch (error) {
      if (attempt >= 4 || !/too many clients/.test(String((error as { stderr?: string }).stderr))) {
        throw error;
      }
      await new Promise((r) => setTimeout(r, 12_000));
    }
  }
}

async function pgbenchOnce(file: string, seconds: number, clients: number): Promise<number> {
  const { stdout } = await run(
    PGBENCH,
    ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), SCALE_DATABASE_URL],
    // pgbench lets every client finish its transaction after the time: a statement that takes
    // minutes under 50 clients is reported as such rather than waited for without end.
    { maxBuffer: 16 * 1024 * 1024, timeout: (seconds * 4 + 60) * 1000 },
  ).catch((error: Error & { killed?: boolean }) => {
    if (error.killed) return { stdout: 'tps = NaN (did not finish in time)' };
    throw error;
  });
  const tps = /tps = ([\d.]+|NaN)/.exec(stdout);
  if (!tps) throw new Error(`pgbench said:\n${stdout}`);
  return Number(tps[1]);
}

function load(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 60 });
}

/** A script's statements with their moments left out: two captures of the same code compare equal. */
const shape = (script: Script) =>
  script.text.replace(/'\d{4}-\d\d-\d\dT[\d:.]+Z'/g, "'…'").replace(/\s+/g, ' ');

interface Round {
  result: Result;
  rss: number;
}

interface Measured {
  /** Each round's run, in round order. */
  rounds: Round[];
  /** Each round's floor at 50 clients and at the API's pool size. */
  floors: { tps: number; poolTps: number }[];
  statements: number;
}

async function main() {
  const pool = new pg.Pool({ connectionString: SCALE_DATABASE_URL, max: 1 });
  const ids = await notable(pool);
  const { rows } = await pool.query<Record<string, string>>(
    `select (select count(*) from opportunities) as opportunities,
            (select count(*) from opportunity_locations) as locations,
            (select count(*) from applications) as applications,
            (select count(*) from users where role = 'candidate') as candidates`,
  );
  await pool.end();
  const size = rows[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'pathways-scale-search-'));
  const targets: Omit<Target, 'authorization'>[] = [
    { name: 'guest search, page 1 near Johannesburg', path: `/api/opportunities?${NEAR}` },
    { name: 'guest search, jobs only', path: `/api/opportunities?${NEAR}&kind=job` },
    { name: 'candidate search, page 1', path: `/api/candidate/opportunities?${NEAR}` },
    {
      name: 'candidate search, "I qualify" filter',
      path: `/api/candidate/opportunities?${NEAR}&eligible=true`,
    },
    {
      name: 'guest map, 500 nearest locations',
      path: `/api/opportunity_locations?geoCenter=${JOHANNESBURG.latitude},${JOHANNESBURG.longitude}`,
    },
  ].filter((t) => !process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY));
  const signIn = (base: string) => login(base, ids.candidate.email, ids.candidate.password);
  const scripts = await captureScripts(targets, signIn, dir);
  const baselineScripts = BASELINE_ROOT
    ? await captureScripts(targets, signIn, mkdtempSync(join(dir, 'baseline-')), BASELINE_ROOT)
    : undefined;

  const api = await startApi();
  const baseline = BASELINE_ROOT ? await startApi(undefined, BASELINE_ROOT) : undefined;
  const results: {
    target: Target;
    api: Measured;
    baseline?: Measured;
    plain: number;
    gzip: number;
    brotli: number;
    solo: number;
  }[] = [];
  const before = loadavg();
  const idleRss = rssOf(api.pid);
  const baselineIdleRss = rssOf(baseline?.pid);
  try {
    const authorization = await signIn(api.baseUrl);
    const baselineAuthorization = baseline ? await signIn(baseline.baseUrl) : '';
    for (const t of targets) {
      const target: Target = t.name.startsWith('guest') ? t : { ...t, authorization };
      const signedIn = !t.name.startsWith('guest');
      const headersOf = (token: string) =>
        signedIn ? { ...HEADERS, authorization: token } : HEADERS;
      const auth: Record<string, string> = signedIn ? { authorization } : {};
      const url = `${api.baseUrl}${target.path}`;
      const plain = await wireBytes(url, auth);
      const gzip = await wireBytes(url, { ...auth, 'accept-encoding': 'gzip' });
      const brotli = await wireBytes(url, { ...auth, 'accept-encoding': 'br' });
      // One request at a time, as a browser sends it: the latency without a queue.
      const solo: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        await wireBytes(url, { ...auth, ...HEADERS });
        solo.push(performance.now() - started);
      }
      const script = scripts.get(target.name)!;
      const baselineScript = baselineScripts?.get(target.name);
      // The baseline's own floor only when it runs other statements than this checkout.
      const baselineFloor =
        baselineScript && shape(baselineScript) !== shape(script) ? baselineScript : undefined;
      const mine: Measured = { rounds: [], floors: [], statements: script.statements };
      const theirs: Measured | undefined = baseline
        ? { rounds: [], floors: [], statements: baselineScript!.statements }
        : undefined;
      const runs: (() => Promise<void>)[] = [
        async () => {
          const { result, peak } = await withPeakRss(api.pid, () =>
            load(url, headersOf(authorization), SECONDS),
          );
          mine.rounds.push({ result, rss: peak });
        },
        // The floor at 50 clients and with as many as the API has connections to the database.
        async () => {
          const floor = async (file: string) => ({
            tps: await pgbench(file, SECONDS),
            poolTps: await pgbench(file, SECONDS, API_POOL),
          });
          const own = await floor(script.file);
          mine.floors.push(own);
          if (theirs) theirs.floors.push(baselineFloor ? await floor(baselineFloor.file) : own);
        },
      ];
      if (baseline && theirs) {
        const baselineUrl = `${baseline.baseUrl}${target.path}`;
        await load(baselineUrl, headersOf(baselineAuthorization), WARMUP_SECONDS);
        runs.push(async () => {
          const { result, peak } = await withPeakRss(baseline.pid, () =>
            load(baselineUrl, headersOf(baselineAuthorization), SECONDS),
          );
          theirs.rounds.push({ result, rss: peak });
        });
      }
      await load(url, headersOf(authorization), WARMUP_SECONDS);
      for (let round = 0; round < ROUNDS; round += 1) {
        // Side by side: each run first in turn.
        for (let i = 0; i < runs.length; i += 1) await runs[(round + i) % runs.length]!();
        process.stdout.write('.');
      }
      results.push({
        target,
        api: mine,
        ...(theirs ? { baseline: theirs } : {}),
        plain,
        gzip,
        brotli,
        solo: median(solo),
      });
    }
  } finally {
    await api.stop();
    await baseline?.stop();
  }
  const mb = (bytes: number | undefined) =>
    bytes === undefined ? '?' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `\n\nScale database: ${Number(size.candidates).toLocaleString('en')} candidates, ${Number(size.opportunities).toLocaleString('en')} opportunities, ` +
      `${Number(size.locations).toLocaleString('en')} locations, ${Number(size.applications).toLocaleString('en')} applications.`,
  );
  console.log(
    `${cpus().length} cores; load average before ${before.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each (API${baseline ? ', baseline' : ''} and ` +
      `floor in turn) after ${WARMUP_SECONDS} s warm-up. API process RSS idle: ${mb(idleRss)}` +
      `${baseline ? ` (baseline ${mb(baselineIdleRss)}, ${BASELINE_ROOT})` : ''}.`,
  );
  console.log(`Floor scripts (the statements of one request): ${dir}\n`);
  const row = (name: string, measured: Measured, extra: string) => {
    const { rounds, floors, statements } = measured;
    const problems = rounds.flatMap(({ result }) =>
      [
        result.non2xx ? `${result.non2xx} non-2xx` : '',
        result.errors ? `${result.errors} errors` : '',
        result.timeouts ? `${result.timeouts} timeouts` : '',
      ].filter(Boolean),
    );
    const rps = median(rounds.map((r) => r.result.requests.average));
    const tps = median(floors.map((f) => f.tps));
    const ratio = median(rounds.map((r, i) => r.result.requests.average / floors[i]!.tps));
    const poolTps = median(floors.map((f) => f.poolTps));
    const poolRatio = median(rounds.map((r, i) => r.result.requests.average / floors[i]!.poolTps));
    const at = (pick: (r: Result) => number) => median(rounds.map((r) => pick(r.result)));
    const answered = rounds.reduce((n, r) => n + r.result['2xx'], 0);
    return (
      `| ${name} | ${rps.toFixed(0)} | ${at((r) => r.latency.p50)} | ${at((r) => r.latency.p97_5)} | ${at((r) => r.latency.p99)} | ` +
      `${tps.toFixed(0)} (${statements}) | ${ratio.toFixed(2)} | ${poolTps.toFixed(0)} | ${poolRatio.toFixed(2)} | ${mb(Math.max(...rounds.map((r) => r.rss)))} | ${extra}` +
      `${problems.length ? problems.join(', ') : `${answered} 2xx`} |`
    );
  };
  console.log(
    `| search | API req/s | p50 ms | p97.5 ms | p99 ms | floor tx/s (statements) | API / floor (median of rounds) | floor at ${API_POOL} clients | API / that | peak RSS | one at a time ms | bytes plain | gzip | br | answers |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { target, api: measured, plain, gzip, brotli, solo } of results) {
    console.log(
      row(target.name, measured, `${solo.toFixed(0)} | ${plain} | ${gzip} | ${brotli} | `),
    );
  }
  if (!baseline) return;
  console.log(`\nBaseline (${BASELINE_ROOT}), same rounds; its floor is its own statements:\n`);
  console.log(
    `| search | baseline req/s | p50 ms | p97.5 ms | p99 ms | floor tx/s (statements) | baseline / floor | floor at ${API_POOL} clients | baseline / that | peak RSS | this / baseline req/s (median of rounds) | answers |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { target, api: measured, baseline: theirs } of results) {
    if (!theirs) continue;
    const gain = median(
      measured.rounds.map(
        (r, i) => r.result.requests.average / theirs.rounds[i]!.result.requests.average,
      ),
    );
    console.log(row(target.name, theirs, `${gain.toFixed(2)} | `));
  }
}

await main();
