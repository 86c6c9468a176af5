import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, wait, screenshot } from './browser.ts';
import { apiCall, apiToken, logIn } from './session.ts';

// Messages between the demo client and the demo candidate Thandi about one of her applications.
// The client writes from the application page; Thandi sees the unread count in the drawer,
// opens Messages, reads it and answers; the client sees the answer after a reload. The pages
// are axe clean at 1280 and 390 px, where the conversations and the thread are two screens.

const clientEmail = 'client@demo.test';
const candidateEmail = 'thandi@demo.test';
const stamp = Date.now();
const question = `Could you send your latest transcript? See https://example.org/help (${stamp})`;
const answer = `Sent it to you today (${stamp})`;
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let candidateToken = '';
let opportunityId = 0;
let applicationId = 0;

interface Item {
  id: number;
}

const shot = (page: Page, name: string) => screenshot(page, `messages/${name}`, { fullPage: true });

const unreadTotal = async () =>
  (await apiCall<{ unreadCount: number }>('/api/candidate/chats', { token: candidateToken })).body
    .unreadCount;

beforeAll(async () => {
  browser = await launch();
  candidateToken = await apiToken(candidateEmail);
  const clientToken = await apiToken(clientEmail);
  const workspaces = await apiCall<{ items: Item[] }>('/api/client/opportunities?all=true', {
    token: clientToken,
  });
  const managed = new Set(workspaces.body.items.map((w) => w.id));
  const applications = await apiCall<{
    items: { id: number; opportunity: { id: number } }[];
  }>('/api/candidate/applications?per=100', { token: candidateToken });
  const application = applications.body.items.find((a) => managed.has(a.opportunity.id));
  expect(application, "an application of Thandi's to the demo client").toBeTruthy();
  opportunityId = application!.opportunity.id;
  applicationId = application!.id;
  // Thandi starts with this thread read, so the count she sees comes from the new message.
  await apiCall(`/api/candidate/applications/${applicationId}/chats`, { token: candidateToken });
});

afterAll(async () => {
  await browser?.close();
});

describe('messages', () => {
  it('the client writes, the candidate reads and answers, the client sees the answer', async () => {
    const applicationPath = `/client/opportunities/${opportunityId}/applications/${applicationId}`;
    const client = await newPage(browser, desktop);
    try {
      await logIn(client.page, clientEmail);
      await client.page.goto(applicationPath);
      const section = client.page.getByRole('region', { name: 'Messages', exact: true });
      await section.getByRole('textbox', { name: 'Your message' }).fill(question);
      await section.getByRole('button', { name: 'Send', exact: true }).click();
      await section.getByText(`(${stamp})`).first().waitFor(wait);
      await expectNoAxeViolations(client.page);
    } finally {
      await client.context.close();
    }
    const unread = await unreadTotal();
    expect(unread).toBeGreaterThan(0);

    const candidate = await newPage(browser, desktop);
    const { page } = candidate;
    try {
      await logIn(page, candidateEmail);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const messagesLink = nav.getByRole('link', { name: /Messages/ });
      await expect.poll(() => messagesLink.textContent(), wait).toBe(`${unread}Messages`);
      await messagesLink.click();
      await page.waitForURL((url) => url.pathname === '/candidate/messages');
      const conversations = page.getByRole('region', { name: 'Conversations' });
      const row = conversations.getByRole('button').filter({ hasText: `(${stamp})` });
      await row.waitFor(wait);
      expect(await row.getByLabel(/unread/).count()).toBe(1);
      await shot(page, 'messages-list-desktop');
      await expectNoAxeViolations(page);

      await row.click();
      await page.waitForURL((url) => url.searchParams.get('application') === String(applicationId));
      const thread = page.getByRole('list', { name: 'Messages of this conversation' });
      await thread.getByText(`(${stamp})`).first().waitFor(wait);
      const link = thread.getByRole('link', { name: 'https://example.org/help' }).last();
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(await link.getAttribute('target')).toBe('_blank');
      // Read now: the conversation's badge goes.
      await expect.poll(() => row.getByLabel(/unread/).count(), wait).toBe(0);
      expect(await unreadTotal()).toBe(unread - 1);

      await page.getByRole('textbox', { name: 'Your message' }).fill(answer);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await thread.getByText(answer).waitFor(wait);
      await expectNoAxeViolations(page);
      await shot(page, 'messages-thread-desktop');

      // On a phone the thread is its own screen, with a way back to the list.
      await page.setViewportSize(phone);
      await page.getByRole('button', { name: 'Back', exact: true }).waitFor(wait);
      expect(await page.getByRole('region', { name: 'Conversations' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      await shot(page, 'messages-thread-phone');
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await conversations.waitFor(wait);
      expect(await page.getByRole('list', { name: 'Messages of this conversation' }).count()).toBe(
        0,
      );
      await expectNoAxeViolations(page);
      await shot(page, 'messages-list-phone');
    } finally {
      await candidate.context.close();
    }

    const again = await newPage(browser, desktop);
    try {
      await logIn(again.page, clientEmail);
      await again.page.goto(applicationPath);
      const section = again.page.getByRole('region', { name: 'Messages', exact: true });
      await section.getByText(answer).waitFor(wait);
      await again.page.setViewportSize(phone);
      await again.page.waitForLoadState('networkidle');
      await expectNoAxeViolations(again.page);
      await shot(again.page, 'application-messages-phone');
    } finally {
      await again.context.close();
    }
  });
});
