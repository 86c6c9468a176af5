import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  baseUrl,
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  password,
  wait,
} from './browser.ts';
import { apiGet } from './session.ts';

// The public pages a guest reaches from a link: legacy campaign short paths, campaign,
// organization and listing pages, the employers page and the not-found page, on a desktop
// and on a phone, over the demo data.

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('legacy short paths on the server', () => {
  it('answer 301 to the campaign page, keeping the query; others get the not-found page', async () => {
    const moved = await fetch(`${baseUrl()}/IBGT?ref=e2e`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/campaign/ibgt?ref=e2e');
    const unknown = await fetch(`${baseUrl()}/no-such-code`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

for (const viewport of viewports) {
  describe(`public pages on a ${viewport.name} (${viewport.width} px)`, () => {
    it('a legacy short path lands on its campaign page', async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto('/ibgt?ref=e2e');
        await page.waitForURL((url) => url.pathname === '/campaign/ibgt');
        expect(new URL(page.url()).search).toBe('?ref=e2e');
        await expect
          .poll(() => h1(page).textContent(), wait)
          .toBe('Graduate Programme: Technology');
        await page.getByRole('link', { name: 'Indlovu Bank' }).first().waitFor();
        await page.getByRole('button', { name: "Sign up, it's free" }).first().waitFor();
        await expect
          .poll(() => page.title(), wait)
          .toBe('Graduate Programme: Technology · Pathways');
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });

    it('an organization campaign lists the organization’s opportunities', async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto('/campaign/indlovu');
        await expect.poll(() => h1(page).textContent(), wait).toBe('Careers at Indlovu Bank');
        const list = page.getByRole('list', { name: 'Opportunities at Indlovu Bank' });
        await list.getByRole('article').first().waitFor();
        expect(await list.getByRole('article').count()).toBeGreaterThan(1);
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });

    it('an unknown path shows the not-found page', async () => {
      const { context, page } = await newPage(browser, viewport, {
        expectedErrors: [
          failedRequest(404, '/api/campaign_aliases/no-such-code', 'the path is no campaign alias'),
          failedRequest(404, '/no-such-code', 'the path is no page of the app'),
          // Unless the app's service worker has taken over and answers the move itself.
          failedRequest(404, '/no/such/page', 'the path is no page of the app'),
        ],
      });
      try {
        await page.goto('/no-such-code');
        await expect.poll(() => h1(page).textContent(), wait).toBe('Page not found');
        expect(new URL(page.url()).pathname).toBe('/no-such-code');
        await page.goto('/no/such/page');
        await expect.poll(() => h1(page).textContent(), wait).toBe('Page not found');
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });

    it('the organization page takes its canonical address and lists opportunities', async () => {
      const campaign = await apiGet<{ organization: { id: number } }>('/api/campaigns/indlovu');
      const id = campaign.organization.id;
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto(`/organizations/${id}`);
        await page.waitForURL((url) => url.pathname === `/organizations/${id}/indlovu-bank`);
        await expect.poll(() => h1(page).textContent(), wait).toBe('Indlovu Bank');
        const list = page.getByRole('list', { name: 'Opportunities at Indlovu Bank' });
        await list.getByRole('article').first().waitFor();
        await expect.poll(() => page.title(), wait).toBe('Indlovu Bank · Pathways');
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });

    it('a listing shows its opportunities in the curated order', async () => {
      const listing = await apiGet<{ name: string; items: { name: string }[] }>('/api/listings/1');
      const { context, page } = await newPage(browser, viewport, {
        expectedErrors: [
          failedRequest(404, '/api/listings/3', 'a draft listing is not found'),
          // From the server (the installed service worker answers with the app instead).
          failedRequest(404, '/listings/3', 'the page of a draft listing answers not found'),
        ],
      });
      try {
        await page.goto('/listings/1');
        await expect.poll(() => h1(page).textContent(), wait).toBe(listing.name);
        const list = page.getByRole('list', { name: listing.name });
        await list.getByRole('article').first().waitFor();
        expect(await list.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
          listing.items.map((i) => i.name),
        );
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        // A draft listing is not found.
        expect((await fetch(`${baseUrl()}/api/listings/3`)).status).toBe(404);
        await page.goto('/listings/3');
        await expect.poll(() => h1(page).textContent(), wait).toBe('Page not found');
      } finally {
        await context.close();
      }
    });

    it('the employers page tells organizations what they get', async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto('/employers');
        await expect
          .poll(() => h1(page).textContent(), wait)
          .toBe('Find the students and graduates who qualify, and screen them fairly');
        await page.getByRole('heading', { name: 'Applicants ranked by eligibility' }).waitFor();
        await page.getByRole('link', { name: 'Client log in' }).first().waitFor();
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  });
}

describe('a signed-in candidate on a campaign page', () => {
  it('sees whether they qualify for each of the organization’s opportunities', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByLabel('Email', { exact: true }).fill('thandi@demo.test');
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto('/campaign/baobab');
      const panel = page.getByRole('region', { name: 'Your eligibility' });
      await panel.getByText(/You qualify for \d+ of \d+|meets every requirement/).waitFor();
      expect(await panel.getByRole('listitem').count()).toBeGreaterThan(0);
      // Signed in: no call to sign up.
      expect(await page.getByRole('button', { name: "Sign up, it's free" }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
