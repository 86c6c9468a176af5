import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, wait, screenshot } from './browser.ts';
import { logIn, snackbar } from './session.ts';

// The organization as its client users see it: the primary user changes it and the public page
// shows the change at once; a user who is not primary sees it read-only.

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openOrganization(page: Page) {
  await page.goto('/client/organization');
  await page.getByRole('heading', { level: 1, name: 'Organization' }).waitFor();
  await page.getByLabel('Description').waitFor();
}

async function shoot(page: Page, name: string) {
  await screenshot(page, `client-organization/${name}`, { fullPage: true });
}

describe('the organization of a client', () => {
  it('the primary user changes the description and adds a location; the public page shows both', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'client@demo.test');
      await openOrganization(page);
      await expectNoAxeViolations(page);
      await shoot(page, 'primary-1280');

      const description = page.getByLabel('Description');
      const before = await description.inputValue();
      const stamp = `Changed in the browser ${Date.now()}.`;
      await description.fill(stamp);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await snackbar(page, 'The organization was saved');

      await page.getByLabel('Place').fill('Durban');
      const option = page.getByRole('option').filter({ hasText: 'Durban' }).first();
      await option.click();
      const office = `Coastal office ${Date.now() % 100_000}`;
      await page.getByLabel('Name (optional)').fill(office);
      await page.getByRole('button', { name: 'Add location' }).click();
      await snackbar(page, 'The location was added');
      const list = page.getByRole('list', { name: 'Locations of the organization' });
      await list.getByText(office).waitFor();

      await page.getByRole('link', { name: 'View the public page' }).click();
      await page.waitForURL((url) => /^\/organizations\/\d+/.test(url.pathname));
      await page.getByText(stamp).waitFor();
      const places = page.getByRole('list', { name: /^Where .* is$/ });
      await expect.poll(() => places.textContent(), wait).toContain(office);
      await expectNoAxeViolations(page);
      await shoot(page, 'public-1280');

      // A fresh load of the public page, as a guest would get it, says the same.
      const guest = await newPage(browser);
      try {
        await guest.page.goto(page.url());
        await guest.page.getByText(stamp).waitFor();
        await guest.page.getByText(office, { exact: false }).waitFor();
      } finally {
        await guest.context.close();
      }

      // The demo organization is left as it was found.
      await openOrganization(page);
      await page.getByRole('button', { name: `Remove ${office}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await snackbar(page, 'The location was removed');
      await page.getByLabel('Description').fill(before);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await snackbar(page, 'The organization was saved');
    } finally {
      await context.close();
    }
  });

  it('is axe clean on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await logIn(page, 'client@demo.test');
      await openOrganization(page);
      await expectNoAxeViolations(page);
      await shoot(page, 'primary-390');
    } finally {
      await context.close();
    }
  });

  it.each([
    ['viewer@demo.test', 1280],
    ['manager@demo.test', 390],
  ])('%s, not primary, sees it read-only with the reason (%i px)', async (email, width) => {
    const { context, page } = await newPage(browser, { width, height: 844 });
    try {
      await logIn(page, email);
      await openOrganization(page);
      await page.getByText(/Only a primary user of your organization can change/).waitFor();
      expect(await page.getByLabel('Description').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      expect(await page.getByLabel('Place').count()).toBe(0);
      await expectNoAxeViolations(page);
      await shoot(page, `${email.split('@')[0]}-${width}`);
    } finally {
      await context.close();
    }
  });
});
