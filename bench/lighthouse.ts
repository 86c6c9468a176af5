// Lighthouse (mobile: a mid-range phone on a throttled 4G connection, Lighthouse's default) on the
// built product: the home page, the opportunity search and one opportunity page. Reports the four
// category scores and the main timings of each; a benchmark, so it never fails on a score.
//
//   npm run build && npm run bench:lighthouse
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:lighthouse   # a running product
//   BENCH_REPORT_DIR=/tmp/lh npm run bench:lighthouse          # also keep each full report (JSON)
//   BENCH_PAGES=/opportunities BENCH_RUNS=5 npm run bench:lighthouse
//                       # chosen pages, each measured 5 times, with the median score and TBT
//   WEB_DIST=/tmp/old/dist WEB_SSR_ENTRY=/tmp/old/dist-ssr/entry-server.js npm run bench:lighthouse
//                       # another build (copied aside), to run alternately with this one
//
// Lighthouse multiplies the main thread's observed work by four, so its scores follow the
// host's speed (its benchmarkIndex): compare two builds by running them alternately on the
// same host, not against numbers of another day.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { startProduct } from './product.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TIMINGS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['total-byte-weight', 'bytes'],
] as const;

async function firstOpportunityPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/opportunities?per=1`);
  const body = (await response.json()) as { items: { id: number }[] };
  const id = body.items[0]?.id;
  if (id === undefined) throw new Error('the product lists no opportunity');
  return `/opportunities/${id}`;
}

async function main() {
  const product = await startProduct();
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const pages = process.env.BENCH_PAGES
      ? process.env.BENCH_PAGES.split(',')
      : ['/', '/opportunities', await firstOpportunityPath(product.baseUrl)];
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
    const measured = new Map<string, { score: number; tbt: number }[]>();
    for (const path of pages.flatMap((page) => Array.from({ length: runs }, () => page))) {
      // A server that has rendered the page before, as one in service has: the first render
      // after a start also compiles the server's code and fills the database's caches.
      for (let i = 0; i < 3; i++) await (await fetch(`${product.baseUrl}${path}`)).text();
      const result = await lighthouse(`${product.baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const scores = CATEGORIES.map(
        (category) => `${category} ${Math.round((lhr.categories[category]?.score ?? 0) * 100)}`,
      );
      const timings = TIMINGS.map(([audit, label]) => {
        const value = lhr.audits[audit]?.numericValue ?? Number.NaN;
        if (audit === 'cumulative-layout-shift') return `${label} ${value.toFixed(3)}`;
        if (audit === 'total-byte-weight') return `${label} ${(value / 1000).toFixed(0)} kB`;
        return `${label} ${Math.round(value)} ms`;
      });
      // Lighthouse's measure of the machine's speed (about 2 000 here when idle): below that,
      // the machine was busy and the timings are inflated.
      const speed = `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`;
      measured.set(path, [
        ...(measured.get(path) ?? []),
        {
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        },
      ]);
      console.log(`${path}\n  ${scores.join(', ')}\n  ${timings.join(', ')}, ${speed}`);
      const reportDir = process.env.BENCH_REPORT_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr));
      }
      // What keeps accessibility, best practices or SEO under 100: each failing audit by name.
      for (const category of CATEGORIES.slice(1)) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            console.log(`  ${category}: ${ref.id} (${audit.title})`);
          }
        }
      }
    }
    if (runs > 1) {
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      for (const [path, results] of measured) {
        console.log(
          `${path}: median of ${results.length} runs: performance ${median(results.map((r) => r.score))}, TBT ${Math.round(median(results.map((r) => r.tbt)))} ms`,
        );
      }
    }
  } finally {
    chrome.kill();
    await product.stop();
  }
}

await main();
