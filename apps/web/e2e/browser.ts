import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';

/**
 * The worker's slot: each test worker has a product server of its own (global-setup.ts), so
 * files that run side by side never share demo data.
 */
function slot(count: number): number {
  return (Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1)) - 1) % count;
}

/** The address of this worker's product server. */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  return urls[slot(urls.length)]!;
}

/** Where this worker's product server writes its development outbox. */
export function outboxDir(): string {
  const dirs = inject('outboxDirs');
  return dirs[slot(dirs.length)]!;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A console error a test provokes on purpose, with the reason it is expected. Anything else a
 * page writes as a console error, or throws without catching, fails the test it happened in.
 */
export interface ExpectedConsoleError {
  /** Matched against the message and, for a failed request, the address it asked for. */
  pattern: RegExp;
  why: string;
}

export interface PageOptions {
  /** Further context options (geolocation, permissions, …). */
  context?: BrowserContextOptions;
  expectedErrors?: ExpectedConsoleError[];
}

/**
 * A request the test makes fail on purpose: Chromium logs every 4xx answer to a page's own
 * request as a console error ("Failed to load resource: the server responded with a status
 * of 404 (Not Found)"), even when the page handles it.
 */
export function failedRequest(status: number, path: string, why: string): ExpectedConsoleError {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    pattern: new RegExp(
      `^Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${escaped}\\)$`,
    ),
    why,
  };
}

// What the pages of the running test wrote to the console as errors or threw uncaught.
const problems: string[] = [];

// How many requests each page has on the way: a page is checked once its answers are in.
const inFlight = new WeakMap<Page, number>();

function watch(context: BrowserContext, expected: ExpectedConsoleError[]) {
  const count = (page: Page | null, by: number) => {
    if (page) inFlight.set(page, Math.max(0, (inFlight.get(page) ?? 0) + by));
  };
  const frameOf = (request: Request) => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's own request belongs to no page
    }
  };
  context.on('request', (request) => count(frameOf(request), 1));
  context.on('requestfinished', (request) => count(frameOf(request), -1));
  context.on('requestfailed', (request) => count(frameOf(request), -1));
  const isExpected = (text: string) => expected.some((e) => e.pattern.test(text));
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    const text = `${message.text()}${url ? ` (${url})` : ''}`;
    if (!isExpected(text))
      problems.push(`console error on ${message.page()?.url() ?? '?'}: ${text}`);
  });
  context.on('weberror', (error) => {
    const thrown = error.error();
    const text = `${thrown.name}: ${thrown.message}`;
    if (!isExpected(text))
      problems.push(`uncaught exception on ${error.page()?.url() ?? '?'}: ${thrown.stack ?? text}`);
  });
}

/** Hands over (and forgets) what the pages logged as errors or threw since the last call. */
export function takePageProblems(): string[] {
  return problems.splice(0, problems.length);
}

// Every test that opens a page through `newPage` fails on the console errors and uncaught
// exceptions its pages produced; what a shared page produces after its last test fails the file.
afterEach(() => {
  expect(takePageProblems(), 'console errors or uncaught exceptions in the page').toEqual([]);
});
afterAll(() => {
  expect(takePageProblems(), 'console errors or uncaught exceptions in the page').toEqual([]);
});

/**
 * A fresh context (no stored token) with the product's base URL, watched for console errors
 * and uncaught exceptions.
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, ...options.context });
  watch(context, options.expectedErrors ?? []);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Runs axe, then HTML_CodeSniffer, on the current page once it has settled and fails on any
 * violation, naming each with the elements it found and why. Settled means: no request of the page on the way for a
 * quarter of a second (a section still loading shows a placeholder a user does not stay on),
 * and transitions still running (a dialog fading in) finished: a half-faded button is not what
 * a user reads. Either wait gives up after a few seconds and the check runs anyway.
 */
export async function expectNoAxeViolations(page: Page) {
  const quietSince = { at: Date.now() };
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if ((inFlight.get(page) ?? 0) > 0) quietSince.at = Date.now();
    else if (Date.now() - quietSince.at >= 250) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} on ${page.url()}: ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)} (${n.failureSummary ?? ''})`)
        .join('; ')}`,
  );
  expect(summary).toEqual([]);
  expect(await codeSnifferErrors(page)).toEqual([]);
}

// HTML_CodeSniffer's checks of WCAG 2 AA, a second engine beside axe: axe leaves text of one
// character (an avatar's initial) out of its contrast check, and reports a repeated id that
// ARIA refers to only as a question to review; HTML_CodeSniffer fails both.
const codeSnifferSource = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
);

/** HTML_CodeSniffer's errors (not its warnings or notices) on the page, each with its element. */
async function codeSnifferErrors(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the page's content security policy allows no inline
  // script, and an evaluation is the browser's own, outside the policy.
  await page.evaluate(codeSnifferSource);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const sniffer = (window as unknown as { HTMLCS: CodeSniffer }).HTMLCS;
        sniffer.process(
          'WCAG2AA',
          document,
          () =>
            resolve(
              sniffer
                .getMessages()
                .filter((message) => message.type === 1)
                .map((message) => {
                  const element = message.element;
                  const where =
                    element instanceof Element
                      ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
                      : String(element);
                  return `${message.code}: ${where}: ${message.msg}`;
                }),
            ),
          () => reject(new Error('HTML_CodeSniffer could not check the page')),
          'en',
        );
      }),
  );
}

/** What the browser tests use of HTML_CodeSniffer's global. */
interface CodeSniffer {
  process(
    standard: string,
    content: Document,
    done: () => void,
    failed: () => void,
    language: string,
  ): void;
  getMessages(): { type: number; code: string; msg: string; element: Node }[];
}

export const password = 'demo-password';

/**
 * Options for `expect.poll`, which gives up after 1 s by default: pages and answers can take
 * longer on a loaded machine.
 */
export const wait = { timeout: 15_000, interval: 200 };

/**
 * A picture of the page for a person to look at, taken only when SCREENSHOTS_DIR names where to
 * keep them (`name` is a path below it, without `.png`): the suite itself never reads them, so a
 * run without it spends no time on them.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const path = join(dir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? false });
}

/**
 * Waits until the app has taken the page over: a server-rendered page shows its content before
 * its scripts start, and a move made in the page (a link of the app) needs the app running.
 */
export async function interactive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName('pathways:interactive').length > 0,
    undefined,
    wait,
  );
}

/**
 * The boxes within `container` (itself included) that scroll, each with whether the keyboard
 * reaches it itself: a box that scrolls must take the focus, for the moments when it holds no
 * control (axe passes a box while it holds one).
 */
export async function scrollingBoxes(
  container: Locator,
): Promise<{ box: string; focusable: boolean }[]> {
  return container.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
        return (
          (scrolls(style.overflowY) && element.scrollHeight > element.clientHeight) ||
          (scrolls(style.overflowX) && element.scrollWidth > element.clientWidth)
        );
      })
      .map((element) => ({
        box: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`,
        focusable: element instanceof HTMLElement && element.tabIndex >= 0,
      })),
  );
}
