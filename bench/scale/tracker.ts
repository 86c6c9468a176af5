/// <reference lib="dom" />
// The tracker of the 100 000-application workspace in a browser, on the scale database.
//
//   npm run build && SCALE_DATABASE_URL=postgres://…/your_copy npm run bench:scale:tracker
//   BENCH_RUNS=7 BENCH_CHANGES=12 BENCH_BASELINE=0 …
//
// The API runs as production runs it (NODE_ENV=production, serving the built web app) on the
// scale database, in a process of its own; Chromium (/usr/bin/chromium) opens the tracker of
// the big workspace as client-1@scale.test. Measured:
//   - first screen: from navigation to the first 25 rows and the tabs with their counts shown
//     (the app starts, asks for the workspace, its phases and the first page of the list);
//     BENCH_RUNS fresh pages;
//   - changes, on one page, taken in turn so each kind sees the same machine: a filter switched
//     ("Complete profiles only", on then off), the sort changed (rating, then date applied), the
//     next page; each from the click to the new rows shown (the list's progress bar gone), any
//     pause of the filters before asking included; BENCH_CHANGES of each;
//   - the API alone, in Node: the first page of the list, the last page of the list by its
//     cursor, and the old row route's first and last pages of 250 (OFFSET), 5 of each in turn;
//   - the baseline (BENCH_BASELINE=1, the default): the old tracker's full download, every page
//     of 250 in turn over HTTP (400 requests), once.
// Medians and p95 of each, with the load average. A benchmark, not a test: it never fails on a
// number.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

import { chromium, type Page } from 'playwright-core';

import {
  encodeApplicantCursor,
  type ApplicantListPage,
} from '../../packages/shared/src/applicants/applicants.schemas.ts';
import { freePort } from '../../apps/api/src/test/free-port.ts';
import { median, p95 } from '../stats.ts';
import { notable, SCALE_DATABASE_URL } from './database.ts';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 12);
const BASELINE = process.env.BENCH_BASELINE !== '0';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function startApi(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
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
      RATE_LIMIT_API_PER_USER: '100000000/1m',
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

const report = (name: string, times: number[]) =>
  console.log(
    `${name.padEnd(44)} median ${median(times).toFixed(0).padStart(6)} ms   p95 ${p95(times)
      .toFixed(0)
      .padStart(6)} ms   (${times.length} runs; load ${load()})`,
  );

/** Until the list shows its rows and no page of it is on its way. */
async function settled(page: Page) {
  await page.getByRole('table', { name: 'Applicants' }).locator('tbody tr').first().waitFor();
  await page.getByRole('tablist', { name: 'Phases' }).waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('[role="progressbar"][aria-label="Loading applications"]') === null,
  );
}

async function main() {
  const pool = new pg.Pool({ connectionString: SCALE_DATABASE_URL, max: 1 });
  const ids = await notable(pool);
  await pool.end();
  const workspace = ids.bigWorkspaceOpportunityId;
  const path = `/client/opportunities/${workspace}/applications`;
  console.log(`tracker of workspace ${workspace} on ${SCALE_DATABASE_URL}; load ${load()}`);

  const api = await startApi();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ baseURL: api.base });
    const login = await context.newPage();
    await login.goto('/login');
    const form = login.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email', { exact: true }).fill(ids.bigOrganizationClient.email);
    await form.getByLabel('Password', { exact: true }).fill(ids.bigOrganizationClient.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await login.waitForURL((url) => url.pathname !== '/login');
    await login.close();

    // First screen, fresh pages (a warm-up first).
    const first: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const page = await context.newPage();
      const start = performance.now();
      if (process.env.BENCH_TRACE) {
        page.on('response', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/api/')) {
            console.log(
              `  ${(performance.now() - start).toFixed(0).padStart(6)} ms  ${url.pathname}`,
            );
          }
        });
      }
      await page.goto(path);
      await settled(page);
      if (run > 0) first.push(performance.now() - start);
      await page.close();
    }
    report('first screen (25 rows, tabs counted)', first);

    // Changes on one page, in turn.
    const page = await context.newPage();
    if (process.env.BENCH_TRACE) {
      const t0 = performance.now();
      const at = () => (performance.now() - t0).toFixed(0).padStart(7);
      page.on('request', (r) => console.log(`${at()} request ${r.url().replace(api.base, '')}`));
      page.on('requestfinished', (r) =>
        console.log(`${at()} finished ${r.url().replace(api.base, '').slice(0, 60)}`),
      );
    }
    await page.goto(path);
    await settled(page);
    // A view seen less than 30 s before is shown from the cache without asking: such a change is
    // counted apart, not timed.
    let cached = 0;
    const timed = async (into: number[], act: () => Promise<void>) => {
      const answered = page
        .waitForResponse((r) => r.url().includes('/applications/list?'), { timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      const start = performance.now();
      await act();
      const asked = await answered;
      await settled(page);
      if (process.env.BENCH_TRACE) {
        console.log(`  change: ${(performance.now() - start).toFixed(0)} ms`);
      }
      if (asked) into.push(performance.now() - start);
      else cached += 1;
    };
    const filter: number[] = [];
    const sort: number[] = [];
    const next: number[] = [];
    const complete = page.getByRole('switch', { name: 'Complete profiles only' });
    const sorts = ['Rating', 'Last name', 'Profile completion', 'Assessment', 'Unread messages'];
    const chooseSort = async (label: string) => {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };
    for (let i = 0; i < CHANGES; i++) {
      await timed(filter, () => complete.click());
      await timed(sort, () => chooseSort(sorts[i % sorts.length]!));
      await timed(next, () => page.getByRole('button', { name: 'Go to next page' }).click());
    }
    console.log(`(${cached} changes shown from the cache, not timed)`);
    report('filter switched (incl. any pause)', filter);
    report('sort changed', sort);
    report('next page (by cursor)', next);
    await page.close();

    // The API alone: the list's first and last pages, the old route's first and last pages.
    const response = await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: ids.bigOrganizationClient.email,
        password: ids.bigOrganizationClient.password,
      }),
    });
    const authorization = response.headers.get('authorization')!;
    const get = async (url: string) => {
      const start = performance.now();
      const answer = await fetch(`${api.base}${url}`, {
        headers: { authorization, 'accept-encoding': 'br, gzip' },
      });
      const body = (await answer.json()) as unknown;
      if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, body };
    };
    const base = `/api/client/opportunities/${workspace}/applications`;
    // The last page of the list sorted by id: the rows ranked first, then the others, by id.
    const ranked = new Set(
      ((await get(`${base}/ids?sort=id&eligible=true&complete=true`)).body as { ids: number[] })
        .ids,
    );
    const order = ((await get(`${base}/ids?sort=id`)).body as { ids: number[] }).ids;
    const before = order[order.length - 26]!;
    const lastCursor = encodeApplicantCursor({
      key: 'id',
      direction: 'asc',
      rank: ranked.has(before),
      value: before,
      id: before,
      before: false,
    });
    const total = ((await get(`${base}/list?sort=id&per=1`)).body as ApplicantListPage).all;
    const lastOldPage = Math.ceil(total / 250);
    const times: Record<string, number[]> = {
      'API list, first page': [],
      'API list, last page (cursor)': [],
      'API old rows, page 1 of 250': [],
      [`API old rows, page ${lastOldPage} of 250 (OFFSET)`]: [],
    };
    const urls = [
      `${base}/list?sort=id`,
      `${base}/list?sort=id&cursor=${lastCursor}`,
      `${base}?page=1&per=250`,
      `${base}?page=${lastOldPage}&per=250`,
    ];
    const names = Object.keys(times);
    for (let i = 0; i < 6; i++) {
      for (const [k, url] of urls.entries()) {
        const { ms, body } = await get(url);
        if (k === 1 && (body as ApplicantListPage).next !== null) throw new Error('not the last');
        if (i > 0) times[names[k]!]!.push(ms);
      }
    }
    for (const name of names) report(name, times[name]!);

    if (BASELINE) {
      const start = performance.now();
      let bytes = 0;
      for (let n = 1; n <= lastOldPage; n++) {
        const answer = await fetch(`${api.base}${base}?page=${n}&per=250`, {
          headers: { authorization },
        });
        bytes += (await answer.arrayBuffer()).byteLength;
      }
      const ms = performance.now() - start;
      console.log(
        `${'baseline: old full download over HTTP'.padEnd(44)} ${ms.toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB in ${lastOldPage} requests (load ${load()})`,
      );
    }
  } finally {
    await browser.close();
    await api.stop();
  }
}

await main();
