// What a browser really downloads: every request of a page (and of its service worker) until the
// network is idle, at the encoding the server sent, as Chromium counts it on the wire.
//
//   npm run build && node bench/over-the-wire.ts          # starts the product on a free port
//   BENCH_URL=http://127.0.0.1:3000 node bench/over-the-wire.ts   # or measures a running one
//
// Scenarios, each in a fresh browser profile (cold) and then again in the same profile (warm):
// - guest: a first visit of `/`.
// - guest search: a first visit of `/opportunities` (the heaviest public page).
// - candidate: log in, search near Johannesburg, open an opportunity, open its apply page.
// Sizes come from Chromium's network events (Playwright's request.sizes(): the encoded body,
// CDP's encodedDataLength less the headers, plus the response headers) and are in kB of 1000
// bytes. Budgets: the guest's first visit 200 kB (aim 120 kB); the candidate's path 400 kB cold,
// 60 kB warm. Going over is reported, never a failure (a benchmark is not a test).
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';

import { startProduct } from './product.ts';

const BUDGETS_KB = { guestCold: 200, guestAim: 120, candidateCold: 400, candidateWarm: 60 };
const CANDIDATE = { email: 'thandi@demo.test', password: 'demo-password' };

interface Transfer {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
  /** The body alone, as sent (compressed or not). */
  bodyBytes: number;
  fromCache: boolean;
  byServiceWorker: boolean;
  /** The step of the scenario the request finished in. */
  step: string;
}

/** The step a scenario is in, for the per-step totals (`BENCH_VERBOSE`). */
let currentStep = '';
function step(name: string) {
  currentStep = name;
}

/** Records what each request of the context cost on the wire while `step` runs. */
async function recording(context: BrowserContext, step: () => Promise<void>): Promise<Transfer[]> {
  const pending: Promise<Transfer | undefined>[] = [];
  const onFinished = (request: Request) => {
    const inStep = currentStep;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const sizes = await request.sizes();
        const headers = await response.allHeaders();
        // A 200 with no body bytes on the wire came from the HTTP cache (Chromium still reports
        // the stored headers' size for it); a 304 is a real round trip and counts.
        const fromCache = response.status() === 200 && sizes.responseBodySize <= 0;
        return {
          url: request.url(),
          type: request.resourceType(),
          encoding: headers['content-encoding'] ?? '',
          bytes: Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize),
          bodyBytes: Math.max(0, sizes.responseBodySize),
          fromCache: fromCache || response.fromServiceWorker(),
          byServiceWorker: request.serviceWorker() !== null,
          step: inStep,
        };
      })().catch(() => undefined),
    );
  };
  context.on('requestfinished', onFinished);
  try {
    await step();
  } finally {
    context.off('requestfinished', onFinished);
  }
  return (await Promise.all(pending)).filter((t): t is Transfer => t !== undefined);
}

async function idle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Let the service worker finish its install (the shell's precache) too.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
}

async function guestVisit(page: Page, baseUrl: string) {
  step('/');
  await page.goto(`${baseUrl}/`);
  await idle(page);
}

async function guestSearch(page: Page, baseUrl: string) {
  step('/opportunities');
  await page.goto(`${baseUrl}/opportunities`);
  await idle(page);
}

async function candidatePath(page: Page, baseUrl: string) {
  step('log-in page');
  await page.goto(`${baseUrl}/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  const email = form.getByLabel('Email', { exact: true });
  // On the warm run the candidate is still signed in, and the log-in page moves on by itself.
  await Promise.race([email.waitFor(), page.waitForURL((url) => url.pathname !== '/login')]);
  if (new URL(page.url()).pathname === '/login') {
    step('log in, first page');
    await email.fill(CANDIDATE.email);
    await form.getByLabel('Password', { exact: true }).fill(CANDIDATE.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }
  await idle(page);
  step('search near a place (link)');
  await page.goto(`${baseUrl}/opportunities?center=-26.2041,28.0473&near=Johannesburg`);
  await page.getByRole('status').filter({ hasText: 'nearest to' }).waitFor();
  await idle(page);
  const link = page.locator('a[href^="/opportunities/"]').first();
  const href = await link.getAttribute('href');
  step('an opportunity');
  await link.click();
  await page.waitForURL(`**${href}`);
  await idle(page);
  const id = /\/opportunities\/(\d+)/.exec(href ?? '')?.[1];
  step('its apply page (link)');
  await page.goto(`${baseUrl}/candidate/opportunities/${id}/apply`);
  await idle(page);
}

const kB = (n: number) => (n / 1000).toFixed(1);

function report(name: string, transfers: Transfer[]) {
  const wire = transfers.filter((t) => !t.fromCache);
  const total = wire.reduce((sum, t) => sum + t.bytes, 0);
  const scripts = wire.filter((t) => t.type === 'script' || /\.js(\?|$)/.test(t.url));
  const plainText = wire.filter(
    (t) => !t.encoding && t.bodyBytes > 1400 && /script|stylesheet|document|fetch|xhr/.test(t.type),
  );
  console.log(
    `\n${name}: ${kB(total)} kB in ${wire.length} requests over the wire ` +
      `(${transfers.length - wire.length} from a cache), ${scripts.length} of them scripts ` +
      `(${kB(scripts.reduce((s, t) => s + t.bytes, 0))} kB), ` +
      `${wire.filter((t) => t.byServiceWorker).length} by the service worker, ` +
      `${plainText.length} text answers over 1.4 kB uncompressed`,
  );
  if (process.env.BENCH_VERBOSE) {
    const steps = new Map<string, { bytes: number; requests: number }>();
    for (const t of wire) {
      const sum = steps.get(t.step) ?? { bytes: 0, requests: 0 };
      sum.bytes += t.bytes;
      sum.requests += 1;
      steps.set(t.step, sum);
    }
    for (const [name, sum] of steps) {
      console.log(`  step ${name}: ${kB(sum.bytes)} kB in ${sum.requests} requests`);
    }
    for (const t of [...wire].sort((a, b) => b.bytes - a.bytes)) {
      const path = new URL(t.url).pathname;
      console.log(
        `  ${kB(t.bytes).padStart(7)}  ${(t.encoding || 'plain').padEnd(5)} ${t.type.padEnd(10)} ${t.byServiceWorker ? 'sw ' : '   '}${path}  (${t.step})`,
      );
    }
  }
  return total;
}

function verdict(label: string, bytes: number, budgetKb: number) {
  const budget = budgetKb * 1000;
  console.log(
    `${label}: ${kB(bytes)} kB of ${budgetKb} kB: ${
      bytes <= budget ? `${kB(budget - bytes)} kB to spare` : `OVER by ${kB(bytes - budget)} kB`
    }`,
  );
}

async function main() {
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const results: Record<string, number> = {};
    for (const [name, run] of [
      ['guest first visit of /', guestVisit],
      ['guest search /opportunities', guestSearch],
      ['candidate path', candidatePath],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      results[`${name} cold`] = report(
        `${name}, cold`,
        await recording(context, () => run(page, product.baseUrl)),
      );
      results[`${name} warm`] = report(
        `${name}, warm`,
        await recording(context, () => run(page, product.baseUrl)),
      );
      await context.close();
    }
    console.log('');
    verdict(
      'Guest first visit, cold',
      results['guest first visit of / cold']!,
      BUDGETS_KB.guestCold,
    );
    verdict('  (aim)', results['guest first visit of / cold']!, BUDGETS_KB.guestAim);
    verdict('Candidate path, cold', results['candidate path cold']!, BUDGETS_KB.candidateCold);
    verdict('Candidate path, warm', results['candidate path warm']!, BUDGETS_KB.candidateWarm);
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
