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
//   - the same floor with 10 clients, as many as the API's connections to the database;
//   - BENCH_ROUNDS rounds (2 by default) of both, side by side, the floor first in every other
//     round; the ratio API / floor is the median of the rounds' ratios;
//   - the bytes of one answer, plain, gzip and brotli, and the median time of three requests
//     sent one at a time (no queue).
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
/** The connections one API process keeps to PostgreSQL (openDatabase's pool in db/client.ts). */
const API_POOL = 10;
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
const HEADERS = { 'accept-encoding': 'br, gzip' };
const NEAR = `latitude=${JOHANNESBURG.latitude}&longitude=${JOHANNESBURG.longitude}`;
const run = promisify(execFile);

/** The API as production runs it, on the scale database; with `capture`, it logs its SQL there. */
function startApi(capture?: string): Promise<Product> {
  return startProduct({
    databaseUrl: SCALE_DATABASE_URL,
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
async function captureScripts(
  targets: Omit<Target, 'authorization'>[],
  signIn: (base: string) => Promise<string>,
  dir: string,
): Promise<Map<string, { file: string; statements: number }>> {
  const log = join(dir, 'statements.jsonl');
  writeFileSync(log, '');
  const api = await startApi(log);
  const scripts = new Map<string, { file: string; statements: number }>();
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
      writeFileSync(file, `${statements.join('\n\n')}\n`);
      scripts.set(target.name, { file, statements: statements.length });
    }
  } finally {
    await api.stop();
  }
  return scripts;
}

async function pgbench(file: string, seconds: number, clients = CONNECTIONS): Promise<number> {
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
  ];
  const signIn = (base: string) => login(base, ids.candidate.email, ids.candidate.password);
  const scripts = await captureScripts(targets, signIn, dir);

  const api = await startApi();
  const results: {
    target: Target;
    /** Each round's API run and floor, alternating which goes first. */
    rounds: { result: Result; tps: number; poolTps: number; rss: number }[];
    statements: number;
    plain: number;
    gzip: number;
    brotli: number;
    solo: number;
  }[] = [];
  const before = loadavg();
  const idleRss = rssOf(api.pid);
  try {
    const authorization = await signIn(api.baseUrl);
    for (const t of targets) {
      const target: Target = t.name.startsWith('guest') ? t : { ...t, authorization };
      const headers = target.authorization
        ? { ...HEADERS, authorization: target.authorization }
        : HEADERS;
      const auth: Record<string, string> = target.authorization
        ? { authorization: target.authorization }
        : {};
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
      await load(url, headers, WARMUP_SECONDS);
      const script = scripts.get(target.name)!;
      const rounds: { result: Result; tps: number; poolTps: number; rss: number }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // The API and its floor side by side, each first in every other round. The floor also
        // runs with as many clients as the API has connections to the database.
        const floor = async () => ({
          tps: await pgbench(script.file, SECONDS),
          poolTps: await pgbench(script.file, SECONDS, API_POOL),
        });
        const floorFirst = round % 2 === 1;
        const before = floorFirst ? await floor() : undefined;
        const { result, peak } = await withPeakRss(api.pid, () => load(url, headers, SECONDS));
        const { tps, poolTps } = before ?? (await floor());
        rounds.push({ result, tps, poolTps, rss: peak });
        process.stdout.write('.');
      }
      results.push({
        target,
        rounds,
        statements: script.statements,
        plain,
        gzip,
        brotli,
        solo: median(solo),
      });
    }
  } finally {
    await api.stop();
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
      .join(' ')}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each (API and ` +
      `floor alternating) after ${WARMUP_SECONDS} s warm-up. API process RSS idle: ${mb(idleRss)}.`,
  );
  console.log(`Floor scripts (the statements of one request): ${dir}\n`);
  console.log(
    `| search | one at a time ms | API req/s | p50 ms | p97.5 ms | p99 ms | floor tx/s (statements) | API / floor (median of rounds) | floor at ${API_POOL} clients | API / that | peak RSS | bytes plain | gzip | br | answers |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { target, rounds, statements, plain, gzip, brotli, solo } of results) {
    const problems = rounds.flatMap(({ result }) =>
      [
        result.non2xx ? `${result.non2xx} non-2xx` : '',
        result.errors ? `${result.errors} errors` : '',
        result.timeouts ? `${result.timeouts} timeouts` : '',
      ].filter(Boolean),
    );
    const rps = median(rounds.map((r) => r.result.requests.average));
    const tps = median(rounds.map((r) => r.tps));
    const ratio = median(rounds.map((r) => r.result.requests.average / r.tps));
    const poolTps = median(rounds.map((r) => r.poolTps));
    const poolRatio = median(rounds.map((r) => r.result.requests.average / r.poolTps));
    const at = (pick: (r: Result) => number) => median(rounds.map((r) => pick(r.result)));
    const answered = rounds.reduce((n, r) => n + r.result['2xx'], 0);
    console.log(
      `| ${target.name} | ${solo.toFixed(0)} | ${rps.toFixed(0)} | ${at((r) => r.latency.p50)} | ${at((r) => r.latency.p97_5)} | ${at((r) => r.latency.p99)} | ` +
        `${tps.toFixed(0)} (${statements}) | ${ratio.toFixed(2)} | ${poolTps.toFixed(0)} | ${poolRatio.toFixed(2)} | ${mb(Math.max(...rounds.map((r) => r.rss)))} | ${plain} | ${gzip} | ${brotli} | ` +
        `${problems.length ? problems.join(', ') : `${answered} 2xx`} |`,
    );
  }
}

await main();
