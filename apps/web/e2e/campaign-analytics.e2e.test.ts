import type { CampaignAnalytics } from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, screenshot } from './browser.ts';
import { apiGet, apiToken, logIn } from './session.ts';

// Campaign analytics: a campaign page shown to a person counts one visit (the server renders
// it and the browser takes it over without counting twice; a headless browser is no person, and
// a client user of the campaign's organization is checking their own page),
// and the primary client's analytics page shows its table and charts with the demo data.

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANALYTICS = '/api/client/organization/analytics/campaigns';

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launch();
  token = await apiToken('client@demo.test');
});
afterAll(async () => {
  await browser?.close();
});

const campaignsNow = async () => (await apiGet<CampaignAnalytics>(ANALYTICS, token)).campaigns;

/** Opens a campaign's page as a guest and waits until its view is reported and all is sent. */
async function view(path: string, userAgent?: string) {
  const { context, page } = await newPage(
    browser,
    { width: 1280, height: 800 },
    {
      context: userAgent ? { userAgent } : {},
    },
  );
  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/visits') && response.request().method() === 'POST',
  );
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect((await reported).status()).toBe(204);
  await page.waitForLoadState('networkidle');
  await context.close();
}

describe('campaign page visits', () => {
  it('counts a person’s view of a server-rendered campaign page once, and a headless browser’s not at all', async () => {
    const [campaign] = await campaignsNow();
    expect(campaign).toBeDefined();
    const before = campaign!.visits;

    await view(campaign!.path, DESKTOP_CHROME);
    const afterPerson = (await campaignsNow()).find((c) => c.id === campaign!.id)!;
    expect(afterPerson.visits).toBe(before + 1);

    // Playwright's own browser announces itself as HeadlessChrome.
    await view(campaign!.path);
    const afterHeadless = (await campaignsNow()).find((c) => c.id === campaign!.id)!;
    expect(afterHeadless.visits).toBe(before + 1);
  });

  it('does not count the campaign’s own organization: a signed-in client user viewing its page', async () => {
    const [campaign] = await campaignsNow();
    const before = campaign!.visits;
    const { context, page } = await newPage(
      browser,
      { width: 1280, height: 800 },
      { context: { userAgent: DESKTOP_CHROME } },
    );
    try {
      await logIn(page, 'client@demo.test');
      const reported = page.waitForResponse(
        (response) => response.url().endsWith('/visits') && response.request().method() === 'POST',
      );
      await page.goto(campaign!.path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const response = await reported;
      expect(response.status()).toBe(204);
      // The report names the client by their token; nothing else about them goes with it.
      expect(await response.request().headerValue('authorization')).toMatch(/^Bearer /);
      await page.waitForLoadState('networkidle');
    } finally {
      await context.close();
    }
    const after = (await campaignsNow()).find((c) => c.id === campaign!.id)!;
    expect(after.visits).toBe(before);
  });
});

async function openAnalytics(page: Page) {
  await logIn(page, 'client@demo.test');
  await page.goto('/client/analytics/campaigns');
  await page.getByRole('heading', { level: 1, name: 'Campaign analytics' }).waitFor();
  await page.getByRole('region', { name: 'Campaigns and their conversions' }).waitFor();
}

describe('campaign analytics page', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`shows every campaign with its conversions and a campaign's weeks in charts and a table at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await openAnalytics(page);
      const campaigns = await campaignsNow();
      expect(campaigns.length).toBeGreaterThan(1);

      const table = page.getByRole('region', { name: 'Campaigns and their conversions' });
      // One row per campaign, and its numbers as the API reports them.
      await expect(table.getByRole('row').count()).resolves.toBe(campaigns.length + 1);
      const first = campaigns[0]!;
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: first.name, exact: true }) });
      await expect(row.getByRole('cell').first().textContent()).resolves.toBe(String(first.visits));
      // Somewhere in the demo a group is too small to show.
      await expect(table.getByText('fewer than 5').count()).resolves.toBeGreaterThan(0);

      // The chosen campaign's charts, each with its title.
      const chart = page.getByRole('figure', { name: `Visits per week: ${first.name}` });
      await chart.waitFor();
      await chart.locator('svg').first().waitFor();
      await page
        .getByRole('figure', { name: `Sign-ups and applicants per week: ${first.name}` })
        .waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `campaign-analytics/campaign-analytics-${viewport.width}`, {
        fullPage: true,
      });

      // The numbers behind the charts, as a table.
      await page
        .getByRole('button', { name: 'The numbers behind these charts, as a table' })
        .click();
      const weeks = page.getByRole('region', { name: `Weekly numbers of ${first.name}` });
      await weeks.waitFor();
      await expect(weeks.getByRole('row').count()).resolves.toBe(first.weeks.length + 1);
      await expectNoAxeViolations(page);

      // Another campaign, and fewer weeks.
      const second = campaigns[1]!;
      await page.getByRole('combobox', { name: 'Campaign' }).click();
      await page.getByRole('option', { name: second.name, exact: true }).click();
      await page.getByRole('region', { name: `Weekly numbers of ${second.name}` }).waitFor();
      await page.getByRole('combobox', { name: 'Weeks shown' }).click();
      await page.getByRole('option', { name: 'Last 12 weeks' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: `Weekly numbers of ${second.name}` })
            .getByRole('row')
            .count(),
        )
        .toBe(13);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
