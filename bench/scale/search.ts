// Search throughput at national size, against its floor, on the scale database.
//
//   npm run bench:scale:data && npm run bench:scale:search
//   BENCH_SECONDS=10 npm run bench:scale:search
//
// The API runs in production mode on the scale database, in a process of its own. For each
// search (a guest's page 1 near Johannesburg; a signed-in candidate's, without and with the
// "I qualify" filter):
//   - the API: autocannon, 50 connections for BENCH_SECONDS (20 by default) after a 3 s
//     warm-up, asking for `br, gzip` as a browser does: requests/s, p50, p97.5, p99;
//   - the floor: the very statements the API ran for one such request (captured from a server
//     started with bench/scale/capture-sql.ts, their bound values written in as literals), as
//     one pgbench transaction, 50 clients, 2 threads, for the same time: transactions/s;
//   - the ratio API / floor, the bytes of one answer, plain and brotli, and the median time of
//     three requests sent one at a time (no queue).
// A benchmark, not a test: it reports, it never fails on a number.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

import autocannon, { type Result } from 'autocannon';

import { median } from '../stats.ts';
import { JOHANNESBURG, notable, SCALE_DATABASE_URL } from './database.ts';
import pg from 'pg';
import { freePort } from '../../apps/api/src/test/free-port.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
const HEADERS = { 'accept-encoding': 'br, gzip' };
const NEAR = `latitude=${JOHANNESBURG.latitude}&longitude=${JOHANNESBURG.longitude}`;
const run = promisify(execFile);

/** The API as production runs it, on the scale database; with `capture`, it logs its SQL there. */
async function startApi(capture?: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = capture
    ? ['--import', './bench/scale/capture-sql.ts', 'apps/api/src/server.ts']
    : ['apps/api/src/server.ts'];
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: SCALE_DATABASE_URL,
      JWT_SECRET: 'scale-benchmark-secret-of-at-least-32-characters',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      LOG_LEVEL: 'warn',
      SUPPORT_CHAT_BASE_URL: '',
      SUPPORT_CHAT_WEBSITE_TOKEN: '',
      // One signed-in user sends far more than a person would: the per-user limit is still
      // counted on every request, but never refuses one.
      RATE_LIMIT_API_PER_USER: '100000000/1m',
      ...(capture ? { SCALE_CAPTURE_FILE: capture } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.once('exit', () => server.kill('SIGTERM'));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 240 s');
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
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
    const authorization = await signIn(api.base);
    for (const target of targets) {
      const headers: Record<string, string> = target.name.startsWith('guest')
        ? {}
        : { authorization };
      // Once to warm the process (first-use queries), then the request whose statements count.
      await fetch(`${api.base}${target.path}`, { headers }).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 200));
      const before = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
      const res = await fetch(`${api.base}${target.path}`, { headers });
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

async function pgbench(file: string, seconds: number): Promise<number> {
  const { stdout } = await run(
    PGBENCH,
    [
      '-n',
      '-f',
      file,
      '-c',
      String(CONNECTIONS),
      '-j',
      '2',
      '-T',
      String(seconds),
      SCALE_DATABASE_URL,
    ],
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
    { name: 'candidate search, page 1', path: `/api/candidate/opportunities?${NEAR}` },
    {
      name: 'candidate search, "I qualify" filter',
      path: `/api/candidate/opportunities?${NEAR}&eligible=true`,
    },
  ];
  const signIn = (base: string) => login(base, ids.candidate.email, ids.candidate.password);
  const scripts = await captureScripts(targets, signIn, dir);

  const api = await startApi();
  const results: {
    target: Target;
    result: Result;
    tps: number;
    statements: number;
    plain: number;
    brotli: number;
    solo: number;
  }[] = [];
  const before = loadavg();
  try {
    const authorization = await signIn(api.base);
    for (const t of targets) {
      const target: Target = t.name.startsWith('guest') ? t : { ...t, authorization };
      const headers = target.authorization
        ? { ...HEADERS, authorization: target.authorization }
        : HEADERS;
      const auth: Record<string, string> = target.authorization
        ? { authorization: target.authorization }
        : {};
      const url = `${api.base}${target.path}`;
      const plain = await wireBytes(url, auth);
      const brotli = await wireBytes(url, { ...auth, 'accept-encoding': 'br' });
      // One request at a time, as a browser sends it: the latency without a queue.
      const solo: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        await wireBytes(url, { ...auth, ...HEADERS });
        solo.push(performance.now() - started);
      }
      await load(url, headers, WARMUP_SECONDS);
      const result = await load(url, headers, SECONDS);
      const script = scripts.get(target.name)!;
      const tps = await pgbench(script.file, SECONDS);
      results.push({
        target,
        result,
        tps,
        statements: script.statements,
        plain,
        brotli,
        solo: median(solo),
      });
      process.stdout.write('.');
    }
  } finally {
    await api.stop();
  }
  console.log(
    `\n\nScale database: ${Number(size.candidates).toLocaleString('en')} candidates, ${Number(size.opportunities).toLocaleString('en')} opportunities, ` +
      `${Number(size.locations).toLocaleString('en')} locations, ${Number(size.applications).toLocaleString('en')} applications.`,
  );
  console.log(
    `${cpus().length} cores; load average before ${before.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up.`,
  );
  console.log(`Floor scripts (the statements of one request): ${dir}\n`);
  console.log(
    '| search | one at a time ms | API req/s | p50 ms | p97.5 ms | p99 ms | floor tx/s (statements) | API / floor | bytes plain | bytes br | answers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { target, result, tps, statements, plain, brotli, solo } of results) {
    const problems = [
      result.non2xx ? `${result.non2xx} non-2xx` : '',
      result.errors ? `${result.errors} errors` : '',
      result.timeouts ? `${result.timeouts} timeouts` : '',
    ].filter(Boolean);
    console.log(
      `| ${target.name} | ${solo.toFixed(0)} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ` +
        `${tps.toFixed(0)} (${statements}) | ${(result.requests.average / tps).toFixed(2)} | ${plain} | ${brotli} | ` +
        `${problems.length ? problems.join(', ') : `${result['2xx']} 2xx`} |`,
    );
  }
}

await main();
