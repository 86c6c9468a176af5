import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, expectNoAxeViolations, launch, newPage, wait, screenshot } from './browser.ts';
import { logIn, snackbar } from './session.ts';

// A primary client user's campaigns: create one for an opportunity, copy its public link,
// show its QR code, and a guest opening the link sees the campaign's own words.

/** A valid PNG of one pixel. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openCampaigns(page: Page) {
  await page.goto('/client/campaigns');
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  await page.getByRole('button', { name: 'New campaign' }).waitFor();
}

describe('client campaigns', () => {
  it('the primary creates a campaign for an opportunity, copies its link, and a guest sees it', async () => {
    const stamp = Date.now().toString(36);
    const name = `Graduates ${stamp}`;
    const slug = `graduates-${stamp}`;
    const headline = `Grow with us ${stamp}`;
    const { context, page } = await newPage(
      browser,
      { width: 1280, height: 900 },
      { context: { permissions: ['clipboard-read', 'clipboard-write'] } },
    );
    await logIn(page, 'client@demo.test');
    await openCampaigns(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `client-campaigns/list-1280`, { fullPage: true });

    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    // The link name follows the name.
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Link name' }).inputValue(), wait)
      .toBe(slug);
    await dialog.getByRole('combobox', { name: 'For' }).click();
    const option = page.getByRole('listbox').getByRole('option').nth(1);
    const opportunityName = (await option.textContent())!;
    await option.click();
    await dialog.getByLabel('Headline', { exact: true }).fill(headline);
    // The days it runs, typed day first.
    for (const [label, day] of [
      ['Starts on', '01032031'],
      ['Ends on', '30042031'],
    ] as const) {
      await dialog
        .getByRole('group', { name: label })
        .getByRole('spinbutton', { name: 'Day' })
        .click();
      await page.keyboard.type(day);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, `client-campaigns/form-1280`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'The campaign was created');

    const card = page.getByRole('article', { name });
    await card.getByText(`For ${opportunityName}`).waitFor();
    await card.getByText('Runs 1 March 2031 to 30 April 2031').waitFor();
    const link = `${baseUrl()}/campaign/${slug}`;
    await expect(card.getByTestId('campaign-link').textContent()).resolves.toBe(link);
    await card.getByRole('button', { name: `Copy the link of ${name}` }).click();
    await snackbar(page, 'The link was copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);

    await card.getByRole('button', { name: `QR code of ${name}` }).click();
    const qr = page.getByRole('dialog', { name: `QR code of ${name}` });
    await qr.getByRole('img', { name: `QR code of ${link}` }).waitFor();
    await expect(
      qr.getByRole('link', { name: 'Download QR code' }).getAttribute('href'),
    ).resolves.toMatch(/^data:image\/png;base64,/);
    await expectNoAxeViolations(page);
    await screenshot(page, `client-campaigns/qr-1280`);
    await qr.getByRole('button', { name: 'Close' }).click();

    // A header image, checked and resized by the server, heads the public page.
    await card.getByLabel(`Header image of ${name}`).setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await snackbar(page, 'The image was saved');
    await card.getByRole('button', { name: 'Remove image' }).waitFor();

    // A guest opens the copied link and reads the campaign's own words.
    const guest = await newPage(browser, { width: 390, height: 844 });
    await guest.page.goto(copied);
    await guest.page.getByRole('heading', { level: 1, name: headline }).waitFor();
    await guest.page.getByText(opportunityName).first().waitFor();
    await expect(guest.page.locator('header img').getAttribute('src')).resolves.toMatch(
      /^\/api\/campaign_images\/\d+-[\w-]{22}\.webp$/,
    );
    await screenshot(guest.page, `client-campaigns/public-390`);
    await guest.context.close();

    // Deleting asks first, then the campaign is gone.
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, 'The campaign was deleted');
    await expect.poll(() => page.getByRole('article', { name }).count(), wait).toBe(0);
    await context.close();
  });

  it('is axe clean on a phone, for the primary and for a manager who reads only', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await logIn(page, 'client@demo.test');
    await openCampaigns(page);
    await page.getByRole('article').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, `client-campaigns/list-390`, { fullPage: true });
    await page.getByRole('button', { name: 'New campaign' }).click();
    await page.getByRole('dialog', { name: 'New campaign' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, `client-campaigns/form-390`);
    await context.close();

    const manager = await newPage(browser, { width: 390, height: 844 });
    await logIn(manager.page, 'manager@demo.test');
    await manager.page.goto('/client/campaigns');
    await manager.page
      .getByText('Only a primary user of your organization can create or change campaigns.')
      .waitFor();
    expect(await manager.page.getByRole('button', { name: 'New campaign' }).count()).toBe(0);
    await expectNoAxeViolations(manager.page);
    await screenshot(manager.page, `client-campaigns/manager-390`, { fullPage: true });
    await manager.context.close();
  });
});
