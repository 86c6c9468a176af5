// The fixed cost every API answer pays: GET /api/health on one API process in production mode,
// beside a bare node:http server answering the same JSON, and each process's memory.
//
//   npm run bench:fixed-cost
//   npm run bench:fixed-cost -- /tmp/fixed-before      # also an older checkout, in the same run
//
// Each argument is the root of another checkout of the product, measured beside this one (its
// `apps/api/src/server.ts` is run; its node_modules may be a link to this one's). Every API runs as
// production runs it (`NODE_ENV=production`, log level info, its log written to a file) against
// a scratch database of its own on the local PostgreSQL server (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), created here and dropped at the end. The web
// build is used when the checkout has one (WEB_DIST, WEB_SSR_ENTRY defaults); health does not
// need it.
// The floors, each in a process of its own:
// - bare node:http: the same JSON as health, nothing else;
// - node:http + select 1: the same, after a `select 1` on a pg pool of 10, as health does.
// Every target runs ROUNDS times (default 3) for BENCH_SECONDS (default 10) at 50 connections
// after a warm-up, the targets alternating within each round so a machine that slows down
// slows all alike. Reported per target: req/s median and p95 over the rounds (p95: the slowest
// of fewer than 20), latency p50 and p99 (medians over the rounds), the ratio of the req/s
// median to the bare server's, and the median of the ratios of each round (the bare server's
// run of the same round, the same minute); and each process's resident memory (VmRSS) idle after start
// and 10 s after the load, and its peak (VmHWM).
// FIXED_COST_PROFILE=<dir> writes a CPU profile of each API process there (node --cpu-prof).
// A benchmark, not a test: it reports, it never fails on a number.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon, { type Result } from 'autocannon';
import pg from 'pg';

import { median, p95 } from './stats.ts';
import {
  startProductProcess,
  stopProcess,
  waitUntilHealthy,
} from '../apps/api/src/test/product-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const PROFILE_DIR = process.env.FIXED_COST_PROFILE;
const HEADERS = { 'accept-encoding': 'br, gzip' };

interface Target {
  name: string;
  url: string;
  pid: number;
  stop: () => Promise<void>;
  idleRss?: number;
  results: Result[];
}

/** A figure of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak). */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return Number(kb) / 1024;
}

/** A bare node:http server answering health's JSON, optionally after a `select 1`. */
async function startBare(name: string, databaseUrl?: string): Promise<Target> {
  const source = `
    const http = require('node:http');
    const body = JSON.stringify({ status: 'ok', database: 'postgres', version: '0.1.0' });
    const pool = process.env.BARE_DATABASE_URL
      ? new (require('pg').Pool)({ connectionString: process.env.BARE_DATABASE_URL, max: 10 })
      : undefined;
    const answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    };
    const server = http.createServer((req, res) => {
      if (!pool) return answer(res);
      pool.query('select 1').then(() => answer(res), () => { res.writeHead(503); res.end(); });
    });
    server.keepAliveTimeout = 72000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ['-e', source], {
    cwd: root,
    env: { ...process.env, BARE_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGTERM'));
  const port = await new Promise<number>((resolvePort, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolvePort(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}/api/health`;
  await waitUntilHealthy(url, child, 30);
  return { name, url, pid: child.pid!, stop: () => stopProcess(child), results: [] };
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const databaseUrlOf = (name: string) => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The API of a checkout in production mode, on a scratch database created for it. */
async function startApi(checkout: string, index: number, logDir: string): Promise<Target> {
  const database = `pathways_fixed_cost_${process.pid}_${index}`;
  await adminQuery(`create database ${database}`);
  const logFile = join(logDir, `api-${index}.log`);
  const log = openSync(logFile, 'w');
  const flags = PROFILE_DIR
    ? [
        '--cpu-prof',
        '--cpu-prof-dir',
        resolve(PROFILE_DIR),
        '--cpu-prof-name',
        `api-${index}.cpuprofile`,
      ]
    : [];
  const api = await startProductProcess({
    root: checkout,
    nodeFlags: flags,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrlOf(database),
      JWT_SECRET: 'fixed-cost-benchmark-secret-of-forty-characters',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  const url = `${api.baseUrl}/api/health`;
  const name = `API ${index === 0 && checkout === root ? 'this checkout' : basename(checkout)}`;
  return {
    name,
    url,
    pid: api.child.pid!,
    results: [],
    stop: async () => {
      await api.stop();
      const bytes = statSync(logFile).size;
      const lines = readFileSync(logFile, 'utf8').split('\n').length - 1;
      console.log(`${name}: log ${(bytes / 1e6).toFixed(1)} MB, ${lines} lines`);
      await adminQuery(`drop database if exists ${database} with (force)`);
    },
  };
}

const run = (url: string, seconds: number): Promise<Result> =>
  autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HEADERS, timeout: 60 });

const settle = () => new Promise((r) => setTimeout(r, 1000));
const mb = (n: number | undefined) => (n === undefined ? '-' : `${n.toFixed(0)} MB`);

async function main() {
  const checkouts = [root, ...process.argv.slice(2).map((path) => resolve(path))];
  const logDir = mkdtempSync(join(tmpdir(), 'pathways-fixed-cost-'));
  const floorDatabase = `pathways_fixed_cost_${process.pid}_floor`;
  await adminQuery(`create database ${floorDatabase}`);
  const targets: Target[] = [];
  try {
    targets.push(await startBare('bare node:http'));
    targets.push(await startBare('node:http + select 1', databaseUrlOf(floorDatabase)));
    for (const [index, checkout] of checkouts.entries()) {
      targets.push(await startApi(checkout, index, logDir));
    }
    await new Promise((r) => setTimeout(r, 3000));
    for (const target of targets) target.idleRss = memoryOf(target.pid, 'VmRSS');
    console.log(
      `${cpus().length} cores; load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; ${ROUNDS} rounds × ${SECONDS} s at ${CONNECTIONS} connections`,
    );
    for (const target of targets) await run(target.url, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        await settle();
        const result = await run(target.url, SECONDS);
        target.results.push(result);
        console.log(
          `round ${round + 1} ${target.name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s` +
            (result.non2xx || result.errors
              ? ` (${result.non2xx} non-2xx, ${result.errors} errors)`
              : ''),
        );
      }
    }
    // Memory after the load is read once the processes have been idle for a while.
    await new Promise((r) => setTimeout(r, 10_000));
    const floorRuns = targets[0]!.results.map((r) => r.requests.average);
    const floor = median(floorRuns);
    const header = `${'target'.padEnd(28)} ${'req/s'.padStart(7)} ${'p95'.padStart(7)} ${'ratio'.padStart(6)} ${'by round'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'RSS idle'.padStart(9)} ${'RSS after'.padStart(10)} ${'peak'.padStart(7)}`;
    console.log(`\n${header}\n${'-'.repeat(header.length)}`);
    for (const target of targets) {
      const rates = target.results.map((r) => r.requests.average);
      const rate = median(rates);
      console.log(
        `${target.name.padEnd(28)} ${rate.toFixed(0).padStart(7)} ${p95(rates).toFixed(0).padStart(7)} ${(rate / floor).toFixed(2).padStart(6)} ${median(
          rates.map((r, i) => r / floorRuns[i]!),
        )
          .toFixed(2)
          .padStart(
            9,
          )} ${String(median(target.results.map((r) => r.latency.p50))).padStart(7)} ${String(median(target.results.map((r) => r.latency.p99))).padStart(7)} ${mb(target.idleRss).padStart(9)} ${mb(memoryOf(target.pid, 'VmRSS')).padStart(10)} ${mb(memoryOf(target.pid, 'VmHWM')).padStart(7)}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (ratio: req/s median over the bare node:http server's median)`,
    );
  } finally {
    for (const target of targets) await target.stop();
    await adminQuery(`drop database if exists ${floorDatabase} with (force)`);
    rmSync(logDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
