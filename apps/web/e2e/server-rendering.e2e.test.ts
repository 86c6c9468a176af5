import { readFileSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OpportunityList } from '@pathways/shared/opportunities/opportunities.schemas';

import { baseUrl, interactive, launch, newPage, wait } from './browser.ts';
import { apiGet } from './session.ts';

// The public pages arrive rendered: the browser takes over the markup without rendering it
// again (a mismatch would be a console error), without asking the API again for what the page
// already shows, and without anything moving. With JavaScript off the pages still read.

const phone = { width: 390, height: 844 };

let browser: Browser;
let opportunityId: number;
let organizationId: number;

beforeAll(async () => {
  browser = await launch();
  const list = await apiGet<OpportunityList>('/api/opportunities?per=1');
  opportunityId = list.items[0]!.id;
  organizationId = list.items[0]!.organization.id;
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens a page as a guest and reports its warnings, the API reads it makes (GETs: a campaign
 * page's one visit report is a POST, not a second fetch of its data) and its layout shift.
 */
async function visit(path: string) {
  const { context, page } = await newPage(browser, phone);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      apiRequests.push(`${url.pathname}${url.search}`);
    }
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  // Hydrated: the app has taken the page over and committed its first render, and two frames
  // have been drawn since, so a shift it caused is reported and a request it started has gone.
  await page.waitForFunction(() => document.getElementById('root')?.firstElementChild !== null);
  await interactive(page);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const layoutShift = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );
  // The style rules the server sent (in elements naming their styles) and those the browser
  // worked out and added itself. When the browser's styles are named as the server's, it
  // reuses the server's and adds only the page's global rules and what shows after hydration.
  const styleRules = await page.evaluate(() => {
    let server = 0;
    let browser = 0;
    for (const element of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
      const rules = element.sheet?.cssRules.length ?? 0;
      if ((element.dataset.emotion ?? '').includes(' ')) server += rules;
      else browser += rules;
    }
    return { server, browser };
  });
  return { context, page, response, warnings, apiRequests, layoutShift, styleRules };
}

/** The page's content painted before its scripts started, not after their work. */
async function expectPaintBeforeScripts(page: Page) {
  const times = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    start: performance.getEntriesByName('pathways:start')[0]?.startTime,
  }));
  expect(times.paint).toBeDefined();
  expect(times.start).toBeDefined();
  expect(times.paint!).toBeLessThanOrEqual(times.start!);
}

/** Hydration took the server's styles over rather than working each one out again. */
function expectServerStylesReused(styleRules: { server: number; browser: number }) {
  expect(styleRules.server).toBeGreaterThan(100);
  expect(styleRules.browser).toBeLessThan(styleRules.server / 10);
}

async function hydrated(page: Page) {
  // A hydrated page navigates on the client: the document stays the same.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

describe('server-rendered public pages in the browser', () => {
  it('the opportunity page hydrates without a warning, a second request or a shift', async () => {
    const { context, page, response, warnings, apiRequests, layoutShift, styleRules } = await visit(
      `/opportunities/${opportunityId}`,
    );
    try {
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor(wait);
      expect(warnings).toEqual([]);
      expectServerStylesReused(styleRules);
      await expectPaintBeforeScripts(page);
      expect(
        apiRequests.filter((r) => r.startsWith(`/api/opportunities/${opportunityId}`)),
      ).toEqual([]);
      expect(layoutShift).toBeLessThan(0.05);
      // The page is live: a link moves on the client, in the same document.
      await hydrated(page);
      await page.getByRole('link', { name: 'Employers', exact: true }).first().click();
      await page.waitForURL(`${baseUrl()}/employers`, wait);
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the home page hydrates with its featured opportunities, without a warning or a shift', async () => {
    const { context, page, response, warnings, apiRequests, layoutShift, styleRules } =
      await visit('/');
    try {
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Open for applications' }).waitFor(wait);
      expect(warnings).toEqual([]);
      expectServerStylesReused(styleRules);
      await expectPaintBeforeScripts(page);
      expect(apiRequests.filter((r) => r.startsWith('/api/opportunities'))).toEqual([]);
      expect(layoutShift).toBeLessThan(0.05);
    } finally {
      await context.close();
    }
  });

  it('the search hydrates with its first results, without a warning, a second search or a shift', async () => {
    const first = await apiGet<OpportunityList>('/api/opportunities?per=10');
    const { context, page, response, warnings, apiRequests, layoutShift, styleRules } =
      await visit('/opportunities');
    try {
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Opportunities' }).waitFor(wait);
      await page.getByRole('link', { name: first.items[0]!.name }).first().waitFor(wait);
      expect(warnings).toEqual([]);
      expectServerStylesReused(styleRules);
      await expectPaintBeforeScripts(page);
      expect(apiRequests.filter((r) => r.startsWith('/api/opportunities'))).toEqual([]);
      expect(layoutShift).toBeLessThan(0.05);
      // Once hydrated, the controls that need a script are offered.
      for (const name of ['Use my location', 'Map']) {
        await expect.poll(() => page.getByRole('button', { name }).isEnabled(), wait).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('a repeat visit with the service worker installed still gets the page from the server', async () => {
    const { context, page } = await newPage(browser, phone);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      // The worker installs on the first visit and answers the next one.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      for (const path of ['/', `/opportunities/${opportunityId}`]) {
        const response = await page.goto(path);
        expect(response?.fromServiceWorker(), path).toBe(true);
        const html = (await response?.text()) ?? '';
        // The server's HTML, with the page's content and data, not the empty shell.
        expect(html, path).toMatch(/<div id="root"[^>]*><[^/]/);
        expect(html, path).toContain('id="pathways-state"');
        await page.getByRole('heading', { level: 1 }).waitFor(wait);
      }
      // Offline, a page visited before shows its copy from that visit.
      await context.setOffline(true);
      const copy = await page.goto(`/opportunities/${opportunityId}`);
      expect(await copy?.text()).toContain('id="pathways-state"');
      await page.getByRole('heading', { level: 1 }).waitFor(wait);
    } finally {
      await context.close();
    }
  });

  it('a browser that asks to save data loads no map background until asked, and hydrates as rendered', async () => {
    const { context, page } = await newPage(browser, phone, {
      context: { extraHTTPHeaders: { 'Save-Data': 'on' } },
    });
    try {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
      });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const tiles: string[] = [];
      await page.route(/tile\.openstreetmap\.org/, (route) => {
        tiles.push(route.request().url());
        return route.fulfill({ status: 204 });
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Show featured opportunities' }).waitFor(wait);
      await page.goto('/opportunities?view=map', { waitUntil: 'networkidle' });
      await page.getByText('To save data, the map background is not loaded.').waitFor(wait);
      expect(tiles).toEqual([]);
      await page.getByRole('button', { name: 'Show the map' }).click();
      await expect.poll(() => tiles.length, wait).toBeGreaterThan(0);
      expect(warnings).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The demo data's published listing and campaigns.
  const others: [string, () => string, string][] = [
    ['the employers page', () => '/employers', ''],
    ['an organization page', () => `/organizations/${organizationId}`, '/api/organizations/'],
    ['a listing page', () => '/listings/1', '/api/listings/'],
    ['a campaign page', () => '/campaign/indlovu', '/api/campaigns/'],
  ];
  for (const [what, path, api] of others) {
    it(`${what} hydrates without a warning, a second request or a shift`, async () => {
      const { context, page, response, warnings, apiRequests, layoutShift } = await visit(path());
      try {
        expect(response?.status()).toBe(200);
        await page.getByRole('heading', { level: 1 }).waitFor(wait);
        expect(warnings).toEqual([]);
        if (api) expect(apiRequests.filter((r) => r.startsWith(api))).toEqual([]);
        expect(layoutShift).toBeLessThan(0.05);
      } finally {
        await context.close();
      }
    });
  }

  it("each page preloads its route's scripts with the shell, none found only once the shell runs", async () => {
    // The update prompt starts once the page has hydrated, on purpose; the entry is imported by
    // the page's start script. Every other script the page runs was named by its HTML, so it
    // downloaded beside the shell instead of one round trip after it.
    const manifest = JSON.parse(
      readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
    ) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
    >;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
    // The update prompt and what it loads (the service worker's window library).
    const later = new Set<string>();
    const addLater = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || later.has(chunk.file)) return;
      later.add(chunk.file);
      for (const next of chunk.dynamicImports ?? []) addLater(next);
    };
    addLater('src/features/pwa/components/update-prompt.tsx');
    // (The home page also loads its featured list's code when the list comes into view.)
    for (const path of ['/opportunities', `/opportunities/${opportunityId}`, '/employers']) {
      const { context, page } = await newPage(browser, phone);
      try {
        const scripts: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
        });
        const response = await page.goto(path);
        // The page preloads, after its first paint, the scripts its start script names.
        const named = /const scripts = (\[[^\]]*\]);/.exec(await response!.text());
        const preloaded = (JSON.parse(named![1]!) as string[]).map((href) => href.slice(1));
        await page.waitForFunction(
          () => performance.getEntriesByName('pathways:interactive').length > 0,
          null,
          wait,
        );
        await page.waitForLoadState('networkidle');
        const notPreloaded = scripts.filter(
          (file) => !preloaded.includes(file) && file !== entry && !later.has(file),
        );
        expect(notPreloaded, path).toEqual([]);
        // Nothing preloaded for nothing: the page runs every script its HTML named.
        expect(
          preloaded.filter((file) => !scripts.includes(file)),
          path,
        ).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('a guest with JavaScript off searches, reads the results and follows one', async () => {
    const { context, page } = await newPage(browser, phone, {
      context: { javaScriptEnabled: false },
    });
    try {
      const response = await page.goto('/opportunities');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Opportunities',
      );
      // What only a script can do is not offered as if it worked.
      for (const name of ['Use my location', 'Map']) {
        await expect(page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
      }
      // The search form works as a plain form: it sends the words to the same page.
      const found = await apiGet<OpportunityList>('/api/opportunities?search=bursary&per=10');
      expect(found.items.length).toBeGreaterThan(0);
      await page.getByRole('searchbox', { name: 'Name or organization' }).fill('bursary');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('search') === 'bursary', wait);
      const item = found.items[0]!;
      await page.getByRole('link', { name: item.name }).first().click();
      await page.waitForURL((url) => url.pathname.startsWith(`/opportunities/${item.id}`), wait);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(item.name);
    } finally {
      await context.close();
    }
  });

  it('a guest with JavaScript off pages through the results', async () => {
    const second = await apiGet<OpportunityList>('/api/opportunities?page=2&per=10');
    expect(second.items.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, phone, {
      context: { javaScriptEnabled: false },
    });
    try {
      await page.goto('/opportunities');
      await page.getByRole('link', { name: 'Go to page 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2', wait);
      await page.getByRole('link', { name: second.items[0]!.name }).first().waitFor(wait);
      await page.getByRole('link', { name: 'Go to page 1' }).click();
      await page.waitForURL((url) => url.search === '', wait);
    } finally {
      await context.close();
    }
  });

  it('a guest with JavaScript off reads an opportunity page and follows its links', async () => {
    const { context, page } = await newPage(browser, phone, {
      context: { javaScriptEnabled: false },
    });
    try {
      const detail = await apiGet<{ name: string; organization: { name: string } }>(
        `/api/opportunities/${opportunityId}`,
      );
      const response = await page.goto(`/opportunities/${opportunityId}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        detail.name,
      );
      expect(await page.getByText(detail.organization.name).count()).toBeGreaterThan(0);
      await expect(page.getByText('needs JavaScript').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'For employers' }).click();
      await page.waitForURL(`${baseUrl()}/employers`, wait);
    } finally {
      await context.close();
    }
  });
});
