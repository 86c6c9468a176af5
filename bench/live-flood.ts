// The API under a flood of live-socket messages: does it keep answering?
//
//   npm run bench:live-flood
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live-flood
//
// The API runs as `npm start` runs it (demo data, jobs in process) in a process of its own, on a
// database of its own created on the PostgreSQL server (dropped at the end). SOCKETS users sign
// up; each opens a live socket, signs in, and then sends its token again as fast as the socket
// takes it (whenever less than 64 KiB waits to be sent; BENCH_RATE sets a rate per socket
// instead), for FLOOD_SECONDS. A socket the server
// closes is opened and signed in again at once, as an abuser would. The flood runs in a worker
// thread, so this thread only measures.
//
// Measured one request at a time, first on the quiet API (the baseline), then during the flood:
//   health   GET /api/health;
//   search   GET /api/opportunities near Johannesburg (the guest search, first page).
// Reported as median and p95 of SAMPLES requests each on the quiet API, and of as many as fit in
// the flood after a 2 s start (at least one), with the flood's own figures: messages sent, closes by code and
// reconnections.
// A benchmark, not a test: it reports, it never fails on a time.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import pg from 'pg';

import { median, p95 } from './stats.ts';
import { startProductProcess } from '../apps/api/src/test/product-process.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
/** Messages per second per socket; unset: as fast as the socket takes them. */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const WARMUP_MS = 2_000;
const JOHANNESBURG = 'latitude=-26.2041&longitude=28.0473';

interface FloodFigures {
  sent: number;
  closes: Record<string, number>;
  reconnects: number;
  refused: number;
}

// --- The flood, in a worker thread -----------------------------------------------------------

/** Opens, signs in and floods one socket until `stopAt`, opening it again whenever it closes. */
async function floodOne(
  url: string,
  token: string,
  stopAt: number,
  rate: number | undefined,
  figures: FloodFigures,
) {
  const frame = JSON.stringify({ type: 'auth', token });
  // Sent in batches every 10 ms at a set rate, else whenever the socket has room.
  const perBatch = rate === undefined ? Infinity : Math.max(1, Math.round(rate / 100));
  while (Date.now() < stopAt) {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve) => {
      let pump: ReturnType<typeof setTimeout> | undefined;
      const send = () => {
        if (socket.readyState !== WebSocket.OPEN || Date.now() >= stopAt) {
          if (socket.readyState === WebSocket.OPEN) socket.close();
          return;
        }
        for (let n = 0; n < perBatch && socket.bufferedAmount < 64 * 1024; n += 1) {
          socket.send(frame);
          figures.sent += 1;
        }
        pump = setTimeout(send, rate === undefined ? 0 : 10);
      };
      socket.addEventListener('open', send);
      socket.addEventListener('error', () => {
        figures.refused += 1;
      });
      socket.addEventListener('close', (event) => {
        clearTimeout(pump);
        figures.closes[event.code] = (figures.closes[event.code] ?? 0) + 1;
        resolve();
      });
    });
    if (Date.now() < stopAt) figures.reconnects += 1;
  }
}

async function flood() {
  const { url, tokens, seconds, rate } = workerData as {
    url: string;
    tokens: string[];
    seconds: number;
    rate: number | undefined;
  };
  const figures: FloodFigures = { sent: 0, closes: {}, reconnects: 0, refused: 0 };
  const stopAt = Date.now() + seconds * 1000;
  await Promise.all(tokens.map((token) => floodOne(url, token, stopAt, rate, figures)));
  parentPort!.postMessage(figures);
}

// --- The API and the measurements, in the main thread ----------------------------------------

function startApi(databaseUrl: string) {
  return startProductProcess({
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      RATE_LIMIT_SIGNUP_PER_ADDRESS: '1000/1m',
      SUPPORT_CHAT_BASE_URL: '',
      SUPPORT_CHAT_WEBSITE_TOKEN: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function signUp(baseUrl: string, i: number): Promise<string> {
  const password = 'a-long-flood-password-1';
  const res = await fetch(`${baseUrl}/api/candidates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `flood-${i}-${process.pid}@bench.test`,
      password,
      passwordConfirmation: password,
    }),
  });
  const token = res.headers.get('authorization')?.replace(/^Bearer /, '');
  if (res.status !== 201 || !token) throw new Error(`sign-up answered ${res.status}`);
  return token;
}

/** One request's time in ms; throws on an answer other than 200. */
async function timed(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - start;
}

/**
 * Health and search, alternately: SAMPLES each, or with `until` (ms since the epoch) as many as
 * fit before it (at least one).
 */
async function measure(baseUrl: string, until?: number) {
  const health: number[] = [];
  const search: number[] = [];
  const more = () =>
    until === undefined ? health.length < SAMPLES : health.length === 0 || Date.now() < until;
  while (more()) {
    health.push(await timed(`${baseUrl}/api/health`));
    search.push(await timed(`${baseUrl}/api/opportunities?${JOHANNESBURG}&per=25`));
  }
  return { health, search };
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

async function main() {
  const name = `pathways_flood_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${name}`;
  const api = await startApi(databaseUrl.toString());
  try {
    const tokens: string[] = [];
    for (let i = 0; i < SOCKETS; i += 1) tokens.push(await signUp(api.baseUrl, i));
    // Warm the search (query plans, caches) before the baseline.
    for (let i = 0; i < 5; i += 1) await measure(api.baseUrl, 0);
    const quiet = await measure(api.baseUrl);

    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: {
        url: `${api.baseUrl.replace(/^http/, 'ws')}/api/cable`,
        tokens,
        seconds: FLOOD_SECONDS,
        rate: RATE,
      },
    });
    const figures = new Promise<FloodFigures>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const floodStart = Date.now();
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const loud = await measure(api.baseUrl, floodStart + FLOOD_SECONDS * 1000);
    const flooded = await figures;
    const seconds = (Date.now() - floodStart) / 1000;

    console.log(
      `Live flood: ${SOCKETS} signed-in sockets sending ${RATE === undefined ? 'as fast as they can' : `${RATE} messages/s each`} for ${FLOOD_SECONDS} s, API on PostgreSQL in its own process`,
    );
    console.log(`                      median       p95   requests`);
    const row = (label: string, values: number[]) =>
      console.log(
        `${label.padEnd(18)} ${ms(median(values))} ${ms(p95(values))} ${String(values.length).padStart(10)}`,
      );
    row('health, quiet', quiet.health);
    row('health, flood', loud.health);
    row('search, quiet', quiet.search);
    row('search, flood', loud.search);
    console.log(
      `flood: ${flooded.sent} messages sent (${Math.round(flooded.sent / seconds)}/s), closes by code ${JSON.stringify(flooded.closes)}, ${flooded.reconnects} reconnections, ${flooded.refused} socket errors`,
    );
    console.log(
      `flood / quiet, median: health ×${(median(loud.health) / median(quiet.health)).toFixed(1)}, search ×${(median(loud.search) / median(quiet.search)).toFixed(1)}`,
    );
  } finally {
    await api.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  flood().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
