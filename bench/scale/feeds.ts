// The feeds at national size: the job feed of every open opportunity, the sitemap index and the
// opportunities' sitemap file, read through the product (production mode, PostgreSQL) beside the
// same statements run bare on one connection. Reports the time to the last byte, the bytes (plain
// and as a crawler receives them with brotli) and the server's resident memory at its peak.
//
//   npm run bench:scale:feeds                       (SCALE_DATABASE_URL picks the database)
//   BENCH_RUNS=5 npm run bench:scale:feeds
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';

import { findOpenPage } from '../../apps/api/src/features/opportunities/published.repository.ts';
import { startProduct } from '../product.ts';
import { median, p95 } from '../stats.ts';
import { SCALE_DATABASE_URL } from './database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The time to the last byte and the bytes as they travel (fetch would decode them). */
function timed(url: string, encoding: string) {
  const started = performance.now();
  return new Promise<{ ms: number; bytes: number; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ ms: performance.now() - started, bytes: body.byteLength, body });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The feed's statements bare: every open opportunity, 500 at a time, on one connection. */
async function bareFeed(pool: pg.Pool): Promise<{ ms: number; rows: number }> {
  const db = drizzle(pool);
  const now = new Date();
  const started = performance.now();
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await findOpenPage(db as never, { now, afterId, limit: 500 });
    rows += page.length;
    if (page.length < 500) break;
    afterId = page.at(-1)!.id;
  }
  return { ms: performance.now() - started, rows };
}

async function main() {
  console.log(`feeds on ${SCALE_DATABASE_URL}; ${RUNS} runs; load ${load()}`);
  const product = await startProduct({ databaseUrl: SCALE_DATABASE_URL });
  const pool = new pg.Pool({ connectionString: SCALE_DATABASE_URL, max: 1 });
  try {
    const idle = rssOf(product.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(product.pid))), 50);
    const targets = [
      ['job feed, every open opportunity', '/feeds/opportunities.xml'],
      ['sitemap index', '/sitemap.xml'],
      ['sitemap of opportunities, file 0', '/sitemaps/opportunities-0.xml'],
    ] as const;
    for (const [name, path] of targets) {
      const url = `${product.baseUrl}${path}`;
      await timed(url, 'identity'); // warm
      const times: number[] = [];
      let plain = 0;
      let brotli = 0;
      let jobs = 0;
      for (let run = 0; run < RUNS; run++) {
        const first = await timed(url, 'identity');
        times.push(first.ms);
        plain = first.bytes;
        jobs = first.body.toString('utf8').split('<job>').length - 1;
        brotli = (await timed(url, 'br')).bytes;
      }
      console.log(
        `${name.padEnd(36)} median ${median(times).toFixed(0).padStart(6)} ms  p95 ${p95(times)
          .toFixed(0)
          .padStart(6)} ms  ${mb(plain)} plain, ${mb(brotli)} brotli${
          jobs ? `, ${jobs} jobs` : ''
        }  (load ${load()})`,
      );
    }
    const bare: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await bareFeed(pool);
      bare.push(result.ms);
      rows = result.rows;
    }
    console.log(
      `${'the feed statements bare'.padEnd(36)} median ${median(bare).toFixed(0).padStart(6)} ms  p95 ${p95(
        bare,
      )
        .toFixed(0)
        .padStart(6)} ms  ${rows} rows  (load ${load()})`,
    );
    clearInterval(sampler);
    console.log(`server memory: ${mb(idle)} at start, ${mb(peak)} at its peak`);
  } finally {
    await pool.end();
    await product.stop();
  }
}

await main();
