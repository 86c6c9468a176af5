import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  baseUrl,
  expectNoAxeViolations,
  launch,
  newPage,
  password,
  screenshot,
} from './browser.ts';
import { logIn, snackbar } from './session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  screenshot(page, `client-integrations/${name}`, { fullPage: true });

/** A call to the client API with an API key, as an HR system makes it. */
const withKey = (key: string, path: string) =>
  fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${key}` } });

it('a primary user creates an API key, an HR system calls with it, its calls show, and revoking it stops it at once', async () => {
  const { context, page } = await newPage(browser, undefined, {
    context: { permissions: ['clipboard-read', 'clipboard-write'] },
  });
  try {
    await logIn(page, 'client@demo.test', password);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await drawer.getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL((url) => url.pathname === '/client/integrations');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByText('Your organization has no API keys yet.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Create a key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Workday sync');
    await dialog.getByRole('radio', { name: 'Applications: Read' }).check();
    await dialog.getByRole('radio', { name: 'Campaigns: Write' }).check();
    await expectNoAxeViolations(page);
    await shot(page, 'create-1280');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: /Your new key/ });
    const key = (await shown.getByLabel('API key').textContent()) ?? '';
    expect(key).toMatch(/^pwk_[a-z0-9]{8}_[\w-]{43}$/);
    await expectNoAxeViolations(page);
    await shot(page, 'secret-1280');
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await snackbar(page, 'The key is copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();

    // The HR system reads the organization's applications, and is refused what its scopes do not name.
    expect((await withKey(key, '/api/client/applications')).status).toBe(200);
    expect((await withKey(key, '/api/client/opportunities')).status).toBe(403);

    await page.reload();
    const row = page.getByRole('listitem', { name: 'Workday sync' });
    await row.getByText('Applications: read, Campaigns: write').waitFor();
    await row.getByText(/Last used/).waitFor();
    expect(await row.textContent()).toContain(key.slice(0, 13));
    expect(await page.content()).not.toContain(key);
    await row.getByRole('button', { name: 'Recent calls of Workday sync' }).click();
    const calls = page.getByRole('dialog', { name: 'Recent calls of “Workday sync”' });
    await calls.getByText('GET /api/client/applications').waitFor();
    await calls.getByText('GET /api/client/opportunities').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'calls-1280');
    await calls.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'list-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await shot(page, 'list-390');
    await page.getByRole('button', { name: 'Create a key' }).click();
    await page.getByRole('dialog', { name: 'Create an API key' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'create-390');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Revoke Workday sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Workday sync”?' });
    await shot(page, 'revoke-390');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await snackbar(page, '“Workday sync” is revoked: calls with it now fail.');
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect((await withKey(key, '/api/client/applications')).status).toBe(401);
  } finally {
    await context.close();
  }
});

it('a client user who is not primary sees that integrations are for primary users', async () => {
  const { context, page } = await newPage(browser);
  try {
    await logIn(page, 'manager@demo.test', password);
    await page.goto('/client/integrations');
    await page
      .getByText('Only a primary user of your organization can manage integrations.')
      .waitFor();
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});
