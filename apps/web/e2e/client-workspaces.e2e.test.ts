import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, wait } from './browser.ts';
import { apiGet, apiToken, logIn, snackbar } from './session.ts';

// The workspaces of a client: the primary user starts a draft, fills it in, adds a place,
// makes a colleague its manager and publishes it; the colleague then finds it in their list.
// The list says what "active" means and which active ones no longer take applications, and a
// user who manages none is pointed to Shared With Me.

const name = `Field Technician Learnership ${Date.now()}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Axe clean on a wide screen and on a phone, where the page is never wider than the screen. */
async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBe(clientWidth);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('client workspaces', () => {
  it('lets the primary user create, edit, place, staff and publish an opportunity', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'client@demo.test');
    await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await axeAtBothWidths(page);

    // A new draft opens its workspace on the details tab.
    await page.getByRole('button', { name: 'New opportunity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New opportunity' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/client\/opportunities\/\d+\?tab=details$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const form = page.getByRole('form', { name: 'Opportunity details' });

    // The window rule is said beside the field before anything is sent.
    await form.getByLabel('Opens on').fill('2027-03-01');
    await form.getByLabel('Closes on').fill('2027-02-01');
    await form.getByRole('button', { name: 'Save details' }).click();
    await form.getByText('must be after the opening date').waitFor();
    await form.getByLabel('Closes on').fill('2027-04-30');
    await form.getByLabel('Summary').fill('Two years of paid training in the field.');
    await form.getByLabel('Positions').fill('12');
    await form.getByRole('button', { name: 'Save details' }).click();
    await snackbar(page, 'The opportunity was saved');
    await axeAtBothWidths(page);

    // A place, picked with the place search.
    await page.getByRole('tab', { name: 'Places' }).click();
    await page.waitForURL(/tab=places/);
    await page.getByLabel('Add a place').fill('Stellenbosch');
    await page
      .getByRole('option', { name: /Stellenbosch/ })
      .first()
      .click();
    await snackbar(page, /was added/);
    await page
      .getByRole('list', { name: 'Places' })
      .getByText(/Stellenbosch/)
      .first()
      .waitFor();
    await axeAtBothWidths(page);

    // The colleague becomes a manager.
    await page.getByRole('tab', { name: 'Managers' }).click();
    await page.getByRole('checkbox', { name: /manager@demo\.test/ }).check();
    await page.getByRole('button', { name: 'Save managers' }).click();
    await snackbar(page, 'The managers were saved');
    await axeAtBothWidths(page);

    // Published: it is active from now on.
    await page.getByRole('tab', { name: 'Details' }).click();
    await form.getByLabel(/Published/).check();
    await form.getByRole('button', { name: 'Save details' }).click();
    await snackbar(page, 'The opportunity was saved');
    await page.getByText('Active', { exact: true }).first().waitFor();

    await page.goto('/client/opportunities');
    await page.getByRole('article', { name }).waitFor();
    await context.close();
  });

  it('shows the manager the new opportunity among the ones they manage', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'manager@demo.test');
    const card = page.getByRole('article', { name });
    await card.waitFor();
    await expect
      .poll(
        () => card.getByRole('link', { name: `Workspace of ${name}` }).getAttribute('href'),
        wait,
      )
      .toMatch(/^\/client\/opportunities\/\d+$/);
    // Not a primary user: no new opportunity for them.
    expect(await page.getByRole('button', { name: 'New opportunity' }).count()).toBe(0);
    await axeAtBothWidths(page);
    await context.close();
  });

  it('says what active means, and which active opportunities no longer take applications', async () => {
    const { context, page } = await newPage(browser);
    try {
      const { items } = await apiGet<{
        items: { name: string; isActive: boolean; closesAt: string | null }[];
      }>('/api/client/opportunities', await apiToken('client@demo.test'));
      const closed = items.filter(
        (w) => w.isActive && w.closesAt !== null && new Date(w.closesAt) < new Date(),
      );
      expect(
        closed.length,
        'an active demo workspace whose closing date has passed',
      ).toBeGreaterThan(0);
      await logIn(page, 'client@demo.test');
      await page.goto('/client/opportunities');
      await page
        .getByText(/^Active opportunities are published and have not commenced yet\./)
        .waitFor(wait);
      for (const workspace of closed) {
        const card = page.getByRole('article', { name: workspace.name, exact: true });
        await card.getByText('Applications closed', { exact: true }).waitFor(wait);
        expect(await card.getByText('Open for applications').count()).toBe(0);
      }
      await axeAtBothWidths(page);
    } finally {
      await context.close();
    }
  });

  it('points a user who manages no opportunity to Shared With Me, saying why the list is empty', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'viewer@demo.test');
      await page.goto('/client/opportunities');
      const why = page
        .getByRole('alert')
        .filter({ hasText: 'You do not manage any opportunity yet' });
      await why.waitFor(wait);
      expect(await page.getByText(/Switch on drafts and past ones/).count()).toBe(0);
      await axeAtBothWidths(page);
      await why.getByRole('link', { name: 'Shared With Me' }).click();
      await page.waitForURL(/\/client\/shared_candidates$/);
      await page.getByRole('heading', { level: 1, name: 'Shared With Me' }).waitFor(wait);
    } finally {
      await context.close();
    }
  });
});
