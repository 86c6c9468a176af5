import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage } from './browser.ts';
import { mailed } from './session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest link of a kind mailed to an address, read from the server's outbox. */
async function mailedLink(to: string, kind: 'confirm_email' | 'password_reset'): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/${kind}/[\\w-]+`);
  const mail = await mailed((m) => m.to === to && pattern.test(m.text), `${kind} mail to ${to}`);
  return new URL(pattern.exec(mail.text)![0]).pathname;
}

it('signs up, confirms the e-mail from the mailed link, then resets the password from another', async () => {
  const email = `lerato.${Date.now()}@example.test`;
  const { context, page } = await newPage(browser, { width: 390, height: 844 });
  try {
    // The sign-up conversation, without its typing pauses.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/#signup');
    const dialog = page.getByRole('dialog', { name: 'Join Pathways' });
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    const form = dialog.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('lerato-password');
    await form.getByLabel('Confirm password', { exact: true }).fill('lerato-passwor');
    await form.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Must match password given').waitFor();
    await form.getByLabel('Confirm password', { exact: true }).fill('lerato-password');
    await form.getByRole('button', { name: 'Create my account' }).click();
    await dialog.getByText(`Is ${email} correct?`).waitFor();
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await dialog.getByRole('button', { name: 'I agree' }).click();
    await dialog.getByRole('form', { name: 'Your name' }).waitFor();
    // Leaving the rest for later keeps the new account signed in.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/dashboard');
    // Not confirmed yet: the banner says so.
    await page.getByRole('button', { name: 'Resend' }).waitFor();

    await page.goto(await mailedLink(email, 'confirm_email'));
    await page.getByText(`Your e-mail address ${email} is confirmed.`).waitFor();
    await expectNoAxeViolations(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).count()).toBe(0);

    // A fresh visitor forgets the password.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/password_reset');
    const request = page.getByRole('form', { name: 'Request a password reset' });
    await request.getByLabel('Email', { exact: true }).fill(email);
    await request.getByRole('button', { name: 'Send me a link' }).click();
    await page.goto(await mailedLink(email, 'password_reset'));
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('lerato-new-password');
    await reset.getByLabel('Confirm new password', { exact: true }).fill('lerato-new-password');
    await reset.getByRole('button', { name: 'Change my password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email', { exact: true }).fill(email);
    await login.getByLabel('Password', { exact: true }).fill('lerato-new-password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  } finally {
    await context.close();
  }
});
