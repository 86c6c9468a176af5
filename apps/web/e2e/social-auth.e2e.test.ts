import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage } from './browser.ts';
import { logIn, snackbar } from './session.ts';

// Signing up, in, linking and abandoning with Google through the real pages, against an OpenID
// Connect server started here on the port the product was told Google lives at. The server
// signs the user in at once and redirects back, as a provider does after its login page.

let browser: Browser;
let provider: OAuth2Server;
/** Who the provider says its user is on the next round trips. */
let person: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(inject('oidcPort'), '127.0.0.1');
  // The server calls itself localhost; the product was told the address it listens on.
  provider.issuer.url = `http://127.0.0.1:${inject('oidcPort')}`;
  provider.service.on(Events.BeforeTokenSigning, (token) => {
    if (!('scope' in token.payload)) Object.assign(token.payload, person);
  });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await provider?.stop();
});

let counter = 0;
beforeEach(() => {
  counter += 1;
  const id = `${Date.now()}-${counter}`;
  person = {
    sub: `google-${id}`,
    email: `nomsa.${id}@example.test`,
    email_verified: true,
    given_name: 'Nomsa',
    family_name: 'Dlamini',
  };
});

const signedIn = (page: Page) => page.evaluate(() => localStorage.getItem('pathways.token'));

it('signs a guest up with Google in the sign-up conversation, which goes on with the new account', async () => {
  const { context, page } = await newPage(browser, { width: 390, height: 844 });
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/#signup');
    const dialog = page.getByRole('dialog', { name: 'Join Pathways' });
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    const google = dialog.getByRole('link', { name: 'Continue with Google' });
    await google.waitFor();
    await expectNoAxeViolations(page);
    await google.click();

    await snackbar(page, 'Your account has been created and you are logged in with Google.');
    const back = page.getByRole('dialog', { name: 'Join Pathways' });
    await back.getByText(`Is ${String(person.email)} correct?`).waitFor();
    expect(new URL(page.url()).hash).toBe('#signup');
    // Still the conversation's account: the app signs in when the conversation ends.
    expect(await signedIn(page)).toBeNull();
    await back.getByRole('button', { name: 'Yes', exact: true }).click();
    await back.getByRole('button', { name: 'I agree' }).waitFor();
    await expectNoAxeViolations(page);
    await back.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => signedIn(page)).toBeTruthy();
  } finally {
    await context.close();
  }
});

it('signs in with Google from the log-in page, and the same Google account again', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto('/login');
      const google = page.getByRole('link', { name: 'Continue with Google' });
      await google.waitFor();
      await expectNoAxeViolations(page);
      await google.click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await snackbar(
        page,
        viewport.width === 1280
          ? 'Your account has been created and you are logged in with Google.'
          : 'You are logged in with Google.',
      );
      expect(await signedIn(page)).toBeTruthy();
    } finally {
      await context.close();
    }
  }
});

it('links Google to a signed-in account on the settings page, and removes it', async () => {
  const { context, page } = await newPage(browser);
  try {
    await logIn(page, 'thandi@demo.test');
    await page.goto('/candidate/account');
    const card = page.getByRole('region', { name: 'Linked accounts' });
    await card.getByRole('button', { name: 'Link Google' }).click();

    await page.waitForURL((url) => url.pathname === '/candidate/account');
    await snackbar(page, 'Google is now linked to your account.');
    const linked = card.getByRole('list', { name: 'Linked accounts' });
    await linked.getByText(String(person.email), { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);

    await linked.getByRole('button', { name: 'Remove Google' }).click();
    await snackbar(page, 'Google is no longer linked to your account.');
    await card.getByRole('button', { name: 'Link Google' }).waitFor();
  } finally {
    await context.close();
  }
});

it('says so when the user turns Google down, and signs nobody in', async () => {
  const { context, page } = await newPage(browser);
  try {
    provider.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await snackbar(page, 'Authentication with Google was abandoned. You have not been logged in.');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await signedIn(page)).toBeNull();
  } finally {
    await context.close();
  }
});
