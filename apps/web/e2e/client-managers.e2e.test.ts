import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, password, screenshot } from './browser.ts';
import { logIn, mailed } from './session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest invitation link mailed to an address (path and query), read from the outbox. */
async function invitationLink(to: string): Promise<string> {
  const pattern = /https?:\/\/\S+\/password_reset\/[\w-]+\?welcome=1/;
  const mail = await mailed((m) => m.to === to && pattern.test(m.text), `invitation to ${to}`);
  const url = new URL(pattern.exec(mail.text)![0]);
  return url.pathname + url.search;
}

const shot = (page: Page, name: string) =>
  screenshot(page, `client-managers/${name}`, { fullPage: true });

it('a primary user invites a manager, who sets a password, logs in, sees the managers read-only and, given one workspace, only that one', async () => {
  const email = `naledi.${Date.now()}@example.test`;
  const { context, page } = await newPage(browser);
  try {
    await logIn(page, 'client@demo.test', password);
    // Below the xl breakpoint the client drawer is an overlay, closed until asked for.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => drawer.getByRole('link').allTextContents()).toContain('Managers');
    const activeWorkspaces = page.getByRole('list', { name: 'Active workspaces' });
    await activeWorkspaces.waitFor();
    expect(await activeWorkspaces.getByRole('link').count()).toBeGreaterThan(0);
    await shot(page, 'drawer-primary-1280');
    await drawer.getByRole('link', { name: 'Managers' }).click();
    await page.waitForURL((url) => url.pathname === '/client/users');
    await page.getByRole('listitem', { name: 'Pieter van der Merwe' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'managers-primary-1280');

    await page.getByRole('button', { name: 'Add a manager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a manager' });
    await dialog.getByLabel(/First name/).fill('Naledi');
    await dialog.getByLabel(/Last name/).fill('Mthembu');
    await dialog.getByLabel(/E-mail address/).fill(email);
    await dialog.getByLabel(/Job title/).fill('Campus Recruiter');
    await expectNoAxeViolations(page);
    await shot(page, 'add-manager-1280');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation is on its way to ${email}.`).waitFor();
    const row = page.getByRole('listitem', { name: 'Naledi Mthembu' });
    await row.getByText('Invited', { exact: true }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await shot(page, 'managers-primary-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The invited manager follows the e-mailed link in a browser of their own.
    const invited = await newPage(browser, { width: 390, height: 844 });
    try {
      const welcome = invited.page;
      await welcome.goto(await invitationLink(email));
      await welcome.getByRole('heading', { name: 'Welcome to Pathways' }).waitFor();
      await expectNoAxeViolations(welcome);
      await shot(welcome, 'welcome-390');
      await welcome.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(welcome);
      await welcome.setViewportSize({ width: 390, height: 844 });
      const form = welcome.getByRole('form', { name: 'Choose your password' });
      await form.getByLabel('Password', { exact: true }).fill('naledi-password');
      await form.getByLabel('Confirm password', { exact: true }).fill('naledi-password');
      await form.getByRole('button', { name: 'Set my password' }).click();
      await welcome.waitForURL((url) => url.pathname === '/login');

      await logIn(welcome, email, 'naledi-password');
      await welcome.getByRole('button', { name: 'Open navigation' }).click();
      const nav = welcome.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link').allTextContents()).toContain('Managers');
      // A manager of no workspace: Shared With Me, no candidate search.
      const links = await nav.getByRole('link').allTextContents();
      expect(links).toContain('Shared With Me');
      expect(links).not.toContain('Candidate search');
      await shot(welcome, 'drawer-new-manager-390');
      await nav.getByRole('link', { name: 'Managers' }).click();
      await welcome.waitForURL((url) => url.pathname === '/client/users');
      await welcome.getByRole('listitem', { name: 'Naledi Mthembu' }).waitFor();
      await welcome
        .getByText('Only a primary user of your organization can add or change managers.')
        .waitFor();
      expect(await welcome.getByRole('button', { name: 'Add a manager' }).count()).toBe(0);
      expect(await welcome.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
      await expectNoAxeViolations(welcome);
      await shot(welcome, 'managers-readonly-390');
      await welcome.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(welcome);

      // The primary user makes her a manager of exactly one workspace ...
      await page.goto('/client/opportunities');
      const workspaceLink = page.getByRole('link', { name: /^Workspace of / }).first();
      const workspacePath = await workspaceLink.getAttribute('href');
      await page.goto(`${workspacePath}?tab=managers`);
      // The page's heading reads "Workspace" while it loads: its name is read once the tab shows.
      const naledi = page.getByLabel(`Naledi Mthembu (${email})`);
      await naledi.waitFor();
      const workspaceName = await page.getByRole('heading', { level: 1 }).textContent();
      expect(workspaceName).not.toBe('Workspace');
      await naledi.check();
      await page.getByRole('button', { name: 'Save managers' }).click();
      await page.getByText('The managers were saved').waitFor();

      // ... and that one is all she sees: her workspaces and the drawer's active ones.
      await welcome.goto('/client/opportunities');
      await welcome.getByRole('heading', { name: workspaceName!, exact: true }).waitFor();
      expect(await welcome.getByRole('link', { name: /^Workspace of / }).count()).toBe(1);
      await welcome.getByRole('button', { name: 'Open navigation' }).click();
      const active = welcome.getByRole('list', { name: 'Active workspaces' });
      await active.waitFor();
      expect(await active.getByRole('link').allTextContents()).toEqual([workspaceName]);
    } finally {
      await invited.context.close();
    }

    // Back with the primary user: the invited manager has joined.
    await page.goto('/client/users');
    await page
      .getByRole('listitem', { name: 'Naledi Mthembu' })
      .getByText('Joined', { exact: true })
      .waitFor();
  } finally {
    await context.close();
  }
});
