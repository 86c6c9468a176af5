import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, password, wait, screenshot } from './browser.ts';
import { apiCall, apiGet, apiToken, logIn } from './session.ts';

// Live updates between two browser contexts open at once, with no reload: a candidate of their
// own (registered here) applies for an opportunity the demo client manages; the client writes,
// the candidate sees the drawer's unread count and the message arrive and answers, and the client
// sees the answer; a regret brings a notification into the bell. A dropped socket comes back and
// shows what was sent while it was down.

const clientEmail = 'client@demo.test';
const email = `live-${Date.now()}@demo.test`;
const stamp = Date.now();
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let token = '';
let clientToken = '';
let opportunityId = 0;
let applicationId = 0;

/** Registers the candidate and applies for the first open opportunity of the demo client. */
async function setUp() {
  const registered = await apiCall('/api/candidates', {
    method: 'POST',
    body: { email, password, passwordConfirmation: password },
  });
  token = registered.token ?? '';
  clientToken = await apiToken(clientEmail);
  const { body: workspaces } = await apiCall<{ items: { id: number }[] }>(
    '/api/client/opportunities',
    { token: clientToken },
  );
  for (const workspace of workspaces.items) {
    try {
      const opportunity = await apiGet<{ id: number; locations: { id: number }[] }>(
        `/api/opportunities/${workspace.id}`,
      );
      const questions = await apiGet<{ items: { id: number }[] }>(
        `/api/candidate/opportunities/${workspace.id}/screening_questions`,
        token,
      );
      const { body: applied } = await apiCall<{ id: number }>(
        `/api/candidate/opportunities/${workspace.id}/apply`,
        {
          method: 'POST',
          token,
          body: {
            locations: opportunity.locations.slice(0, 1).map((l) => l.id),
            answers: questions.items.map((q) => ({ questionId: q.id, answer: 'I care.' })),
          },
        },
      );
      opportunityId = workspace.id;
      applicationId = applied.id;
      return;
    } catch {
      // Not open to this candidate (closed, or asks what the profile lacks): try the next.
    }
  }
  throw new Error('no workspace of the demo client took the application');
}

/** Marks the document, so a test can tell that the page was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { liveTestDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveTestDocument?: boolean }).liveTestDocument);

const clientWrites = (body: string) =>
  apiCall(`/api/client/opportunities/${opportunityId}/applications/${applicationId}/chats`, {
    method: 'POST',
    token: clientToken,
    body: { message: { body } },
  });

beforeAll(async () => {
  browser = await launch();
  await setUp();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('live updates', () => {
  it('a message reaches the candidate’s open page, and the answer the client’s', async () => {
    const candidate = await newPage(browser, desktop);
    const client = await newPage(browser, desktop);
    try {
      await logIn(candidate.page, email);
      await markDocument(candidate.page);
      await logIn(client.page, clientEmail);
      await client.page.goto(
        `/client/opportunities/${opportunityId}/applications/${applicationId}`,
      );
      await markDocument(client.page);
      const clientSection = client.page.getByRole('region', { name: 'Messages', exact: true });

      const question = `Could you come in on Monday? (${stamp})`;
      await clientSection.getByRole('textbox', { name: 'Your message' }).fill(question);
      await clientSection.getByRole('button', { name: 'Send', exact: true }).click();
      await clientSection.getByText(question).waitFor(wait);

      // The first conversation appears in the candidate's drawer with its unread count.
      const nav = candidate.page.getByRole('navigation', { name: 'Main' });
      const messagesLink = nav.getByRole('link', { name: /Messages/ });
      await expect.poll(() => messagesLink.textContent(), wait).toBe('1Messages');
      await screenshot(candidate.page, 'live/unread-badge');

      await messagesLink.click();
      const conversations = candidate.page.getByRole('region', { name: 'Conversations' });
      await conversations
        .getByRole('button')
        .filter({ hasText: `(${stamp})` })
        .click();
      const thread = candidate.page.getByRole('list', { name: 'Messages of this conversation' });
      await thread.getByText(question).waitFor(wait);

      // With the thread open, the next message appears in it.
      const second = `Or Tuesday, if that suits you better (${stamp})`;
      await clientWrites(second);
      await thread.getByText(second).waitFor(wait);

      const answer = `Tuesday suits me, thank you (${stamp})`;
      await candidate.page.getByRole('textbox', { name: 'Your message' }).fill(answer);
      await candidate.page.getByRole('button', { name: 'Send', exact: true }).click();
      await thread.getByText(answer).waitFor(wait);
      await clientSection.getByText(answer).waitFor(wait);

      expect(await sameDocument(candidate.page)).toBe(true);
      expect(await sameDocument(client.page)).toBe(true);
      await expectNoAxeViolations(candidate.page);
      await screenshot(candidate.page, 'live/thread-desktop');
      await candidate.page.setViewportSize(phone);
      await expectNoAxeViolations(candidate.page);
      await screenshot(candidate.page, 'live/thread-phone');
    } finally {
      await candidate.context.close();
      await client.context.close();
    }
  });

  it('a dropped socket connects again and shows what was sent while it was down', async () => {
    const { context, page } = await newPage(browser, desktop);
    // The socket passes through the test, which can drop it and refuse new ones for a while.
    let refusing = false;
    let open: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
    let ready = 0;
    await page.routeWebSocket(/\/api\/cable$/, (ws) => {
      if (refusing) {
        void ws.close({ code: 4000, reason: 'Refused by the test' });
        return;
      }
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (String(message).includes('"ready"')) ready += 1;
        ws.send(message);
      });
      open = { page: ws, server };
    });
    try {
      await logIn(page, email);
      await page.goto(`/candidate/messages?application=${applicationId}`);
      await markDocument(page);
      const thread = page.getByRole('list', { name: 'Messages of this conversation' });
      await thread.getByRole('listitem').first().waitFor(wait);
      await expect.poll(() => ready, wait).toBe(1);

      refusing = true;
      const dropped = open!;
      await dropped.server.close();
      await dropped.page.close({ code: 4000, reason: 'Dropped by the test' });
      const whileDown = `Sent while your connection was down (${stamp})`;
      await clientWrites(whileDown);
      expect(await thread.getByText(whileDown).count()).toBe(0);

      refusing = false;
      await expect.poll(() => ready, wait).toBe(2);
      await thread.getByText(whileDown).waitFor(wait);
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a regret brings its notification into the open page’s bell', async () => {
    const { context, page } = await newPage(browser, desktop);
    // The socket passes through the test, which counts the server's "ready": a regret made
    // before the page's socket listens is not announced to it.
    let ready = 0;
    await page.routeWebSocket(/\/api\/cable$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (String(message).includes('"ready"')) ready += 1;
        ws.send(message);
      });
    });
    try {
      await logIn(page, email);
      await markDocument(page);
      const bell = page.getByRole('button', { name: /^Notifications \(\d+\)$/ });
      await bell.waitFor(wait);
      await expect.poll(() => ready, wait).toBeGreaterThan(0);
      const before = Number(/\((\d+)\)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);

      await apiCall(
        `/api/client/opportunities/${opportunityId}/applications/${applicationId}/regret`,
        { method: 'PATCH', token: clientToken },
      );
      await page.getByRole('button', { name: `Notifications (${before + 1})` }).waitFor(wait);
      await page.getByRole('button', { name: `Notifications (${before + 1})` }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel
        .getByRole('listitem')
        .filter({ hasText: /has decided not to take/ })
        .waitFor(wait);
      expect(await sameDocument(page)).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, 'live/bell-live');
    } finally {
      await context.close();
    }
  });
});
