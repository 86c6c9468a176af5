import { readFile } from 'node:fs/promises';

import type { ExplorerResult } from '@pathways/shared/analytics/analytics.schemas';
import { formatReportedCount } from '@pathways/shared/analytics/suppression';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  expectNoAxeViolations,
  launch,
  newPage,
  scrollingBoxes,
  wait,
  screenshot,
} from './browser.ts';
import { apiGet, apiToken, logIn } from './session.ts';

// The analytics pages in a real browser with the demo data: the primary client reads the
// overview (charts with their tables), opens the explorer, breaks applicants down by gender and
// downloads the CSV, which holds exactly the rows of the table; then filters the demo data with
// the tracker's controls, the table following the address, and Back undoing a filter. Axe clean
// at 1280 and 390 px.

let browser: Browser;

const shot = (page: Page, name: string) =>
  screenshot(page, `client-analytics/${name}`, { fullPage: true });

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

it('the overview shows charts with their numbers as tables', async () => {
  const { context, page } = await newPage(browser);
  try {
    await logIn(page, 'client@demo.test');
    await page.goto('/client/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    for (const title of [
      'Applicants per week',
      'Applicants per opportunity',
      'Provinces',
      'Gender',
      'Institutions',
    ]) {
      const figure = page.getByRole('figure', { name: title });
      await figure.waitFor(wait);
      await figure.locator('svg').first().waitFor(wait);
      // The table holds the same numbers for screen readers.
      await expect
        .poll(() => figure.getByRole('table').getByRole('row').count(), wait)
        .toBeGreaterThan(1);
    }
    const opportunities = page.getByRole('figure', { name: 'Applicants per opportunity' });
    await expect
      .poll(
        () => opportunities.getByRole('rowheader', { name: 'Branch Banking Learnership' }).count(),
        wait,
      )
      .toBe(1);
    await page
      .getByRole('figure', { name: /^Phases of / })
      .first()
      .waitFor(wait);
    await page.getByRole('figure', { name: 'Criterion funnel' }).waitFor(wait);
    await expect.poll(() => page.getByText(/^\d+ applicants$/).count(), wait).toBe(1);
    await expectNoAxeViolations(page);
    await shot(page, 'analytics-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'analytics-390');
  } finally {
    await context.close();
  }
});

it('names every opportunity apart on its axis and in full on hover, weeks by their day, and takes dates day first', async () => {
  const { context, page } = await newPage(browser, { width: 1280, height: 900 });
  try {
    await logIn(page, 'client@demo.test');
    await page.goto('/client/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();

    // Two names that start alike are still two names on the axis, however short it makes them.
    const opportunities = page.getByRole('figure', { name: 'Applicants per opportunity' });
    await opportunities.locator('svg').first().waitFor(wait);
    const names = await opportunities.getByRole('rowheader').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining([
        'Graduate Programme: Technology',
        'Graduate Programme: Finance and Risk',
      ]),
    );
    const ticks = opportunities.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
    const shown = await ticks.allTextContents();
    expect(shown).toHaveLength(names.length);
    expect(new Set(shown).size).toBe(shown.length);
    // The bar's full name shows on hover.
    const tick = ticks.filter({ hasText: /Technology/ });
    const band = (await tick.boundingBox())!;
    const plot = (await opportunities.locator('svg').first().boundingBox())!;
    await page.mouse.move(plot.x + plot.width * 0.75, band.y + band.height / 2);
    // (The chart and its tooltip are hidden from screen readers, which read the table.)
    await page
      .locator('.MuiChartsTooltip-root')
      .filter({ hasText: 'Graduate Programme: Technology' })
      .waitFor(wait);
    await page.mouse.move(0, 0);

    // Weeks are named by their Monday as the product writes days, never as ISO dates.
    const weekly = page.getByRole('figure', { name: 'Applicants per week' });
    await weekly.locator('svg').first().waitFor(wait);
    const weekTicks = await weekly
      .locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')
      .allTextContents();
    expect(weekTicks.length).toBeGreaterThan(0);
    for (const label of weekTicks) expect(label).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    for (const label of await weekly.getByRole('rowheader').allTextContents()) {
      expect(label).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    }

    // The period is typed day first, as South Africans write dates, whatever the browser's own
    // format; the numbers are asked for once the date is whole.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/analytics/applicants') && url.searchParams.has('from')) {
        asked.push(url.searchParams.get('from')!);
      }
    });
    const period = page.getByRole('region', { name: 'Period' });
    await period
      .getByRole('group', { name: 'From' })
      .getByRole('spinbutton', { name: 'Day' })
      .click();
    await page.keyboard.type('01062026');
    await expect.poll(() => asked, wait).toEqual(['2026-06-01']);
    expect(await period.locator('input[name="range-from"]').inputValue()).toBe('01/06/2026');
    await expect
      .poll(() => weekly.getByRole('rowheader').first().textContent(), wait)
      .toBe('1 June 2026');
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});

it('the explorer breaks applicants down by gender and downloads what it shows as CSV', async () => {
  const { context, page } = await newPage(
    browser,
    { width: 1280, height: 800 },
    {
      context: { acceptDownloads: true },
    },
  );
  try {
    await logIn(page, 'client@demo.test');
    await page.goto('/client/analytics/explorer');
    await page.getByRole('heading', { level: 1, name: 'Analytics explorer' }).waitFor();
    await page.getByRole('combobox', { name: 'Broken down by' }).click();
    await page.getByRole('option', { name: 'Gender' }).click();
    const figure = page.getByRole('figure', { name: 'Applicants by gender' });
    await figure.waitFor(wait);
    const table = figure.getByRole('table');
    await table.getByRole('rowheader', { name: 'Female' }).waitFor(wait);
    await figure.locator('svg').first().waitFor(wait);
    const rows = await table.getByRole('row').allInnerTexts();
    const shown = rows.slice(1).map((r) =>
      r
        .split(/\t|\n/)
        .map((s) => s.trim())
        .filter(Boolean),
    );
    // A group of fewer than 5 reads so, never its size.
    expect(
      shown.every(
        ([, count]) => count === 'fewer than 5' || Number(count) === 0 || Number(count) >= 5,
      ),
    ).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('applicants-by-gender.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('Gender,Applicants');
    expect(lines.slice(1, -1)).toEqual(shown.map(([label, count]) => `${label},${count}`));
    expect(lines.at(-1)).toMatch(/^Total,(\d+|fewer than 5)$/);
    // The two dates of the range sit side by side on a wide screen.
    const what = page.getByRole('region', { name: 'What to show' });
    const from = await what.getByRole('group', { name: 'From' }).boundingBox();
    const to = await what.getByRole('group', { name: 'To' }).boundingBox();
    expect(to!.y).toBe(from!.y);
    expect(to!.x).toBeGreaterThan(from!.x + from!.width);
    await expectNoAxeViolations(page);
    await shot(page, 'explorer-1280');

    // A long breakdown: the table scrolls in its box, which the keyboard reaches.
    await page.getByRole('combobox', { name: 'Broken down by' }).click();
    await page.getByRole('option', { name: 'Institution' }).click();
    const institutions = page.getByRole('figure', { name: 'Applicants by institution' });
    await institutions.getByRole('rowheader').first().waitFor(wait);
    const boxes = await scrollingBoxes(institutions);
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.filter((b) => !b.focusable)).toEqual([]);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'explorer-390');
  } finally {
    await context.close();
  }
});

/** The rows of a figure's table: each group's label and what it reads. */
async function tableRows(figure: Locator): Promise<string[][]> {
  const rows = await figure.getByRole('table').getByRole('row').allInnerTexts();
  return rows.slice(1).map((r) =>
    r
      .split(/\t|\n/)
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** What the API answers for the page's address, as the table would show it. */
async function answerOf(page: Page, token: string): Promise<ExplorerResult> {
  const search = new URL(page.url()).search;
  return apiGet<ExplorerResult>(`/api/client/organization/analytics/explore${search}`, token);
}
const shownRows = (result: ExplorerResult) =>
  result.rows.map((row) => [row.label, formatReportedCount(row.count)]);

it('the explorer filters the demo data with the tracker’s controls; the address holds them and Back undoes one', async () => {
  const token = await apiToken('client@demo.test');
  const { context, page } = await newPage(browser, { width: 1280, height: 800 });
  try {
    await logIn(page, 'client@demo.test');
    await page.goto('/client/analytics/explorer');
    await page.getByRole('heading', { level: 1, name: 'Analytics explorer' }).waitFor();
    await page.getByRole('combobox', { name: 'Broken down by' }).click();
    await page.getByRole('option', { name: 'Gender' }).click();
    const figure = page.getByRole('figure', { name: 'Applicants by gender' });
    await figure.getByRole('rowheader', { name: 'Female' }).waitFor(wait);
    const unfiltered = await tableRows(figure);

    // Complete profiles only: fewer applicants, and the table is the API's answer to the address.
    await page.getByRole('switch', { name: 'Complete profiles only' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('complete'), wait).toBe('true');
    const complete = await answerOf(page, token);
    expect(complete.withheld).toBeNull();
    expect(shownRows(complete)).not.toEqual(unfiltered);
    await expect.poll(() => tableRows(figure), wait).toEqual(shownRows(complete));
    await expect
      .poll(() => page.getByText(/^Total: /).textContent(), wait)
      .toBe(`Total: ${formatReportedCount(complete.total)}`);

    // Eligibility, the tracker's select: the table follows again.
    await page.getByRole('combobox', { name: 'Eligibility' }).click();
    await page.getByRole('option', { name: 'Not eligible', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('eligible'), wait).toBe('false');
    const notEligible = await answerOf(page, token);
    expect(notEligible.withheld).toBeNull();
    expect(shownRows(notEligible)).not.toEqual(shownRows(complete));
    await expect.poll(() => tableRows(figure), wait).toEqual(shownRows(notEligible));
    await expectNoAxeViolations(page);
    await shot(page, 'explorer-filtered-1280');

    // Back undoes the last filter.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('eligible'), wait).toBeNull();
    await expect.poll(() => tableRows(figure), wait).toEqual(shownRows(complete));
    await expect
      .poll(() => page.getByRole('switch', { name: 'Complete profiles only' }).isChecked(), wait)
      .toBe(true);

    // A bachelor's degree on top leaves out fewer than 5 people: the server's reason, no chart.
    await page.getByRole('combobox', { name: 'Qualification types' }).click();
    await page.getByRole('option', { name: "Bachelor's Degree", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('types'), wait).not.toBeNull();
    const withheld = await answerOf(page, token);
    expect(withheld.withheld).not.toBeNull();
    await page.getByRole('alert').filter({ hasText: 'nothing is shown' }).waitFor(wait);
    expect(await page.getByRole('figure').count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'explorer-withheld-1280');

    await page.goBack();
    await figure.getByRole('rowheader', { name: 'Female' }).waitFor(wait);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'explorer-filtered-390');
  } finally {
    await context.close();
  }
});
