import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  opportunityList,
  type OpportunityList,
} from '@pathways/shared/opportunities/opportunities.schemas';

import {
  expectNoAxeViolations,
  launch,
  newPage,
  type ExpectedConsoleError,
  wait,
} from './browser.ts';
import { apiGet, logIn } from './session.ts';

// The opportunity search as a guest: near a city, on the map, into an opportunity, from a
// shared `?center=` link, closed ones only when asked for, and accessible at desktop and phone
// widths.

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The next answer of the guest search whose query has these parameters. */
function searchAnswer(page: Page, params: Record<string, string>) {
  return page.waitForResponse((response: Response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/opportunities' &&
      Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value)
    );
  });
}

/** Chromium logs each tile request the test aborts as a console error. */
const tilesBlocked: ExpectedConsoleError = {
  pattern: /^Failed to load resource: net::ERR_FAILED \(https:\/\/tile\.openstreetmap\.org\//,
  why: 'the map tiles are blocked: the map must work without them',
};

/**
 * A page whose map tiles never load: they come from the internet, and the test runs without
 * it, as the product must.
 */
async function newPageWithoutTiles(viewport?: { width: number; height: number }) {
  const session = await newPage(browser, viewport, { expectedErrors: [tilesBlocked] });
  await session.page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  return session;
}

describe('opportunity search', () => {
  it('a guest searches near Johannesburg, sees the nearest first, maps them and opens one', async () => {
    const { context, page } = await newPageWithoutTiles();
    try {
      await page.goto('/opportunities');
      await page.getByRole('heading', { level: 1, name: 'Opportunities' }).waitFor();
      // Without a place the search is newest first.
      await page
        .getByRole('status')
        .filter({ hasText: /\d+ opportunities$/ })
        .waitFor();

      const answer = searchAnswer(page, { latitude: '-26.2041', longitude: '28.0473' });
      await page.getByRole('combobox', { name: 'Near a place' }).fill('Johannesburg');
      await page
        .getByRole('option', { name: /^Johannesburg/ })
        .first()
        .click();

      const body = opportunityList.parse(await (await answer).json());
      expect(body.items.length).toBeGreaterThan(1);
      const distances = body.items.map((item) => item.distanceInMeters);
      expect(distances.every((d) => d !== null)).toBe(true);
      expect(distances).toEqual([...(distances as number[])].sort((a, b) => a - b));

      await page.waitForURL((url) => url.searchParams.get('center') === '-26.2041,28.0473');
      await page.getByRole('status').filter({ hasText: 'nearest to Johannesburg first' }).waitFor();
      // The cards are in the order of the answer, each with its distance.
      const results = page.getByRole('list', { name: 'Opportunities' });
      const first = results.getByRole('article').first();
      await expect
        .poll(() => first.getByRole('heading').textContent(), wait)
        .toBe(body.items[0]!.name);
      expect(await first.textContent()).toMatch(/Johannesburg.*\d.* k?m away/);

      // The map: Leaflet loads on demand, asks for its own points near the search's place, and
      // its markers show without tiles.
      const mapAnswer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/opportunity_locations',
      );
      await page.getByRole('button', { name: 'Map' }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'map');
      const mapUrl = new URL((await mapAnswer).url());
      expect(mapUrl.searchParams.get('geoCenter')).toBe('-26.2041,28.0473');
      await page.getByText(/The map shows the \d+ nearest locations/).waitFor();
      const markers = page.locator('.leaflet-marker-icon.pathways-marker');
      await expect.poll(() => markers.count(), wait).toBeGreaterThan(0);
      await page.getByText('The map background could not load.').waitFor();

      // Markers of nearby places may overlap at this zoom: the first is clicked where it is.
      await markers.first().dispatchEvent('click');
      const popupLink = page.locator('.leaflet-popup-content a').first();
      await popupLink.waitFor();
      const href = await popupLink.getAttribute('href');
      expect(href).toMatch(/^\/opportunities\/\d+(\/[a-z0-9-]+)?$/);
      await popupLink.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Back returns to the map search.
      await page.goBack();
      await page.waitForURL(
        (url) => url.pathname === '/opportunities' && url.searchParams.get('view') === 'map',
      );
    } finally {
      await context.close();
    }
  });

  it('opens a shared ?center= link nearest first', async () => {
    const { context, page } = await newPage(browser);
    try {
      // Durban. The page arrives with its results: the browser asks the API nothing again.
      const body = await apiGet<OpportunityList>(
        '/api/opportunities?latitude=-29.8587&longitude=31.0218&per=10',
      );
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/opportunities') asked.push(request.url());
      });
      await page.goto('/opportunities?center=-29.8587,31.0218');
      expect(body.sort).toEqual({ field: 'distance_in_meters', direction: 'ASC' });
      expect(body.items[0]?.locations[0]?.city).toBe('Durban');
      await page.getByRole('status').filter({ hasText: 'nearest to' }).waitFor();
      await page.getByRole('link', { name: body.items[0]!.name }).first().waitFor();
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Sort by' }).textContent(), wait)
        .toBe('Nearest first');
      expect(asked).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('"Use my location" centres the search on the device, and says so when refused', async () => {
    const { context, page } = await newPage(browser, undefined, {
      context: {
        geolocation: { latitude: -25.7479, longitude: 28.2293 },
        permissions: ['geolocation'],
      },
    });
    try {
      await page.goto('/opportunities');
      const answer = searchAnswer(page, { latitude: '-25.7479', longitude: '28.2293' });
      await page.getByRole('button', { name: 'Use my location' }).click();
      await answer;
      await page.waitForURL((url) => url.searchParams.get('center') === '-25.7479,28.2293');
      await page.getByRole('status').filter({ hasText: 'nearest to My location first' }).waitFor();
    } finally {
      await context.close();
    }

    const { context: refused, page: refusedPage } = await newPage(browser);
    try {
      const page = refusedPage;
      await page.goto('/opportunities');
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page
        .getByText(/Location access was refused|could not be found|took too long/)
        .waitFor();
      expect(new URL(page.url()).searchParams.has('center')).toBe(false);
    } finally {
      await refused.close();
    }
  });

  it('a candidate searches from their profile address, keeps what they qualify for and maps every match', async () => {
    const { context, page } = await newPageWithoutTiles();
    try {
      await logIn(page, 'thandi@demo.test');
      const first = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/candidate/opportunities',
      );
      await page.goto('/opportunities');
      // Thandi's profile address is in Rondebosch, Cape Town.
      const firstUrl = new URL((await first).url());
      expect(firstUrl.searchParams.get('latitude')).not.toBeNull();
      await page.getByText('Near Rondebosch (your profile)').waitFor();

      const eligible = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return (
          url.pathname === '/api/candidate/opportunities' &&
          url.searchParams.get('eligible') === 'true'
        );
      });
      // The box follows the address bar, which updates in a transition: click, then wait.
      await page.getByLabel('Only those I qualify for').click();
      await expect
        .poll(() => page.getByLabel('Only those I qualify for').isChecked(), wait)
        .toBe(true);
      const body = opportunityList.parse(await (await eligible).json());
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.every((item) => item.eligible === true)).toBe(true);
      await page.waitForURL((url) => url.searchParams.get('eligible') === 'true');
      const cards = page.getByRole('list', { name: 'Opportunities' }).getByRole('article');
      await expect.poll(() => cards.count(), wait).toBe(body.items.length);
      expect(await cards.first().textContent()).toContain('You qualify');

      const locations = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/candidate/opportunity_locations',
      );
      await page.getByRole('button', { name: 'Map' }).click();
      const locationsUrl = new URL((await locations).url());
      expect(locationsUrl.searchParams.get('eligible')).toBe('true');
      expect(locationsUrl.searchParams.get('geoCenter')).toMatch(/^-33\.9\d*,18\.4\d*$/);
      await expect
        .poll(() => page.locator('.leaflet-marker-icon').count(), wait)
        .toBeGreaterThan(0);
      await page.getByText(/The map shows the \d+ nearest locations/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('lists closed opportunities only when asked for, marked closed and never "You qualify"', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'thandi@demo.test');
      const isClosed = (item: OpportunityList['items'][number]) =>
        item.closesAt !== null && new Date(item.closesAt) <= new Date();
      const cards = page.getByRole('list', { name: 'Opportunities' }).getByRole('article');
      const answerOf = (check: (url: URL) => boolean) =>
        page.waitForResponse((r) => {
          const url = new URL(r.url());
          return url.pathname === '/api/candidate/opportunities' && check(url);
        });

      // Closing soonest, of what she qualifies for: what has closed does not lead, or show.
      const first = answerOf((url) => url.searchParams.get('eligible') === 'true');
      await page.goto('/opportunities?eligible=true&sort=closes_at+ASC');
      const open = opportunityList.parse(await (await first).json());
      expect(open.items.length).toBeGreaterThan(0);
      expect(open.items.filter(isClosed)).toEqual([]);
      await expect.poll(() => cards.count(), wait).toBe(open.items.length);
      await expect.poll(() => cards.first().textContent(), wait).toContain('You qualify');
      for (const text of await cards.allTextContents()) expect(text).not.toMatch(/Closed/);

      // Asked for, closed ones come back, each marked closed and inviting no application.
      const withClosed = answerOf((url) => url.searchParams.get('include_closed') === 'true');
      await page.getByLabel('Include closed opportunities').click();
      await expect
        .poll(() => page.getByLabel('Include closed opportunities').isChecked(), wait)
        .toBe(true);
      const body = opportunityList.parse(await (await withClosed).json());
      await page.waitForURL((url) => url.searchParams.get('include_closed') === 'true');
      const closed = body.items.filter(isClosed);
      // Closing soonest puts the ones that closed first; she qualified for them.
      expect(closed.length).toBeGreaterThan(0);
      expect(closed.some((item) => item.eligible === true)).toBe(true);
      await expect
        .poll(() => cards.first().getByRole('heading').textContent(), wait)
        .toBe(body.items[0]!.name);
      for (const [i, item] of body.items.entries()) {
        const text = await cards.nth(i).textContent();
        if (isClosed(item)) {
          expect(text).toMatch(/Closed.*Closed \d{1,2} \w+ \d{4}/);
          expect(text).not.toContain('You qualify');
        } else {
          expect(text).not.toMatch(/Closed/);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('newest first starts with what is open now, not with what opens later', async () => {
    const { context, page } = await newPage(browser);
    try {
      const body = await apiGet<OpportunityList>('/api/opportunities?per=10');
      expect(body.sort).toEqual({ field: 'opens_at', direction: 'DESC' });
      expect(body.items[0]!.isOpen).toBe(true);
      await page.goto('/opportunities');
      const first = page.getByRole('list', { name: 'Opportunities' }).getByRole('article').first();
      await expect
        .poll(() => first.getByRole('heading').textContent(), wait)
        .toBe(body.items[0]!.name);
      expect(await first.textContent()).not.toMatch(/Opens \d|Closed/);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`has no axe violations at ${viewport.width} px, list and map`, async () => {
      const { context, page } = await newPageWithoutTiles(viewport);
      try {
        await page.goto('/opportunities?center=-26.2041,28.0473&near=Johannesburg');
        await page
          .getByRole('list', { name: 'Opportunities' })
          .getByRole('article')
          .first()
          .waitFor();
        await expectNoAxeViolations(page);

        await page.getByRole('button', { name: 'Map' }).click();
        await expect
          .poll(() => page.locator('.leaflet-marker-icon.pathways-marker').count(), wait)
          .toBeGreaterThan(0);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }
});
