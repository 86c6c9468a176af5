// The API under load: requests per second and latency (p50, p99) at 50 connections, with
// autocannon over loopback, for four kinds of request, each beside a bare node:http "hello" on
// the same machine measured just before it in the same run (the floor: what this machine and
// autocannon can do at all).
//
//   npm run build && npm run bench:api
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:api      # a running product instead
//
// The product runs as `npm start` runs it (built web app, embedded database, demo data) in a
// process of its own; the hello server runs in another; autocannon in this one. Each run is
// bounded: BENCH_SECONDS (default 10) per target after a 2 s warm-up. Requests ask for
// `br, gzip` as a browser does, so the API's compression is part of the cost. Targets:
// - health: GET /api/health;
// - guest search near a point: GET /api/opportunities near Johannesburg (first page, 25);
// - candidate search: the same through GET /api/candidate/opportunities as the demo candidate
//   (eligibility of every result for that candidate);
// - an opportunity page: GET /opportunities/{id}, the HTML the server renders.
// A benchmark, not a test: it reports, it never fails on a number. Non-2xx answers and errors
// are reported beside each result (a 429 or 5xx would make its numbers meaningless).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import autocannon, { type Result } from 'autocannon';

import { startProduct } from './product.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CANDIDATE = { email: 'thandi@demo.test', password: 'demo-password' };
const JOHANNESBURG = 'latitude=-26.2041&longitude=28.0473';
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

/** A bare node:http server answering "hello" to everything, in a child process. */
async function startHello(): Promise<{ url: string; stop: () => void }> {
  const source = `
    const http = require('node:http');
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello');
    });
    server.keepAliveTimeout = 72000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`the hello server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

function run(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  // A slow answer is a long latency, not an error: on a busy machine 50 queued page renders can
  // take longer than autocannon's default 10 s timeout.
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 60 });
}

interface Row {
  name: string;
  result: Result;
}

/**
 * Waits until the server has worked off what a run left queued (autocannon stops sending at the
 * end of its duration, the server still answers what it received): the next run starts clean.
 */
async function settle(healthUrl: string) {
  for (let i = 0; i < 600; i++) {
    const started = performance.now();
    await fetch(healthUrl).then((r) => r.arrayBuffer());
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  healthUrl: string,
): Promise<Row> {
  await run(url, headers, WARMUP_SECONDS);
  await settle(healthUrl);
  const result = await run(url, headers, SECONDS);
  await settle(healthUrl);
  return { name, result };
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CANDIDATE),
  });
  const authorization = response.headers.get('authorization');
  if (!response.ok || !authorization) throw new Error(`log-in failed: ${response.status}`);
  return authorization;
}

async function firstOpportunityPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/opportunities?per=1`);
  const body = (await response.json()) as { items: { id: number }[] };
  const id = body.items[0]?.id;
  if (id === undefined) throw new Error('the product lists no opportunity');
  return `/opportunities/${id}`;
}

function print(rows: Row[]) {
  const header = `${'target'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'kB/s'.padStart(8)}  answers`;
  console.log(`\n${header}\n${'-'.repeat(header.length + 8)}`);
  for (const { name, result } of rows) {
    const problems = [
      result.non2xx ? `${result.non2xx} non-2xx` : '',
      result.errors ? `${result.errors} errors` : '',
      result.timeouts ? `${result.timeouts} timeouts` : '',
    ].filter(Boolean);
    console.log(
      `${name.padEnd(44)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${(result.throughput.average / 1000).toFixed(0).padStart(8)}  ${problems.length ? problems.join(', ') : `${result['2xx']} 2xx`}`,
    );
  }
}

async function main() {
  const product = await startProduct();
  const hello = await startHello();
  try {
    const base = product.baseUrl;
    const authorization = await login(base);
    const opportunityPath = await firstOpportunityPath(base);
    const health = `${base}/api/health`;
    const targets: [string, string, Record<string, string>][] = [
      ['health: GET /api/health', health, BROWSER_HEADERS],
      ['guest search near a point', `${base}/api/opportunities?${JOHANNESBURG}`, BROWSER_HEADERS],
      [
        'candidate search near a point',
        `${base}/api/candidate/opportunities?${JOHANNESBURG}`,
        { ...BROWSER_HEADERS, authorization },
      ],
      [
        `opportunity page HTML: GET ${opportunityPath}`,
        `${base}${opportunityPath}`,
        BROWSER_HEADERS,
      ],
    ];
    console.log(
      `${cpus().length} cores; load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' ',
        )}; ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up`,
    );
    const rows: Row[] = [];
    for (const [name, url, headers] of targets) {
      // The floor, measured just before each target so both see the same machine.
      rows.push(await measure('  bare node:http hello', hello.url, BROWSER_HEADERS, health));
      rows.push(await measure(name, url, headers, health));
      process.stdout.write('.');
    }
    print(rows);
    console.log(
      `\nload average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    hello.stop();
    await product.stop();
  }
}

await main();
