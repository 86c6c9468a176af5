import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  wait,
  outboxDir,
  screenshot,
} from './browser.ts';
import { apiCall, apiToken, logIn, snackbar } from './session.ts';

// E-mail preferences in the browser: the candidate's settings (with the time zone their e-mails
// and screens read times in), the page an e-mail's unsubscribe link opens (signed out), and the
// client's inbox of conversations. Each axe clean at 1280 and 390 px.

const candidateEmail = 'thandi@demo.test';
const clientEmail = 'client@demo.test';
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const PREFS = '/api/candidate/notification_preferences';

let browser: Browser;
let candidateToken = '';

const shot = (page: Page, name: string) =>
  screenshot(page, `email-preferences/${name}`, { fullPage: true });

/** The user id a session token names. */
const userIdOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);

/**
 * The unsubscribe link the product's e-mails carry, signed with the running server's key:
 * `<user id>.<type, base64url>.<HMAC-SHA-256 under a key derived for unsubscribing>`.
 */
function unsubscribeLink(userId: number, type: string) {
  const secret = readFileSync(join(dirname(outboxDir()), 'jwt-secret'), 'utf8').trim();
  const key = createHmac('sha256', secret).update('pathways notification unsubscribe v1').digest();
  const payload = `${userId}.${Buffer.from(type).toString('base64url')}`;
  const signature = createHmac('sha256', key).update(payload).digest('base64url');
  return `/api/notifications/unsubscribe?token=${payload}.${signature}`;
}

const inviteMailOn = async () =>
  (
    await apiCall<{ preferences: { type: string; email: boolean }[] }>(PREFS, {
      token: candidateToken,
    })
  ).body.preferences.find((p) => p.type === 'opportunity.invite')!.email;

beforeAll(async () => {
  browser = await launch();
  candidateToken = await apiToken(candidateEmail);
});

afterAll(async () => {
  // Leave the demo candidate as the other tests expect her.
  await apiCall('/api/candidate/time_zone', {
    method: 'PUT',
    token: candidateToken,
    body: { timeZone: null },
  });
  await apiCall(PREFS, {
    method: 'PUT',
    token: candidateToken,
    body: {
      preferences: ['opportunity.invite', 'application.phase_move'].map((type) => ({
        type,
        email: true,
      })),
    },
  });
  await browser?.close();
});

describe('e-mail preferences', () => {
  it('a candidate turns one e-mail off and on again on the settings page', async () => {
    for (const [viewport, name] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await logIn(page, candidateEmail);
        await page.goto('/candidate/account');
        const card = page.getByRole('region', { name: 'E-mail notifications' });
        const toggle = card.getByRole('switch', {
          name: 'When my application moves to its next step',
        });
        await toggle.waitFor(wait);
        await expect.poll(() => toggle.isChecked(), wait).toBe(true);
        await toggle.click();
        await snackbar(page, 'E-mail turned off');
        await expect.poll(() => toggle.isChecked(), wait).toBe(false);
        await card.scrollIntoViewIfNeeded();
        await shot(page, `settings-${name}`);
        await expectNoAxeViolations(page);
        await toggle.click();
        await snackbar(page, 'E-mail turned on');
      } finally {
        await context.close();
      }
    }
  });

  it('a candidate chooses their time zone on the settings page, the device’s offered as a suggestion', async () => {
    for (const [viewport, name] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport, {
        context: { timezoneId: 'Europe/London' },
      });
      try {
        await logIn(page, candidateEmail);
        await page.goto('/candidate/account');
        const card = page.getByRole('region', { name: 'Time zone' });
        const field = card.getByRole('combobox', { name: 'Time zone' });
        await field.waitFor(wait);
        if (name === 'desktop') {
          await card.getByText('This device is set to Europe / London.').waitFor(wait);
          await card.getByRole('button', { name: 'Use Europe / London' }).click();
          await snackbar(page, 'Times are now shown in Europe / London time');
        } else {
          await field.fill('tokyo');
          await page.getByRole('option', { name: 'Asia / Tokyo' }).click();
          await snackbar(page, 'Times are now shown in Asia / Tokyo time');
        }
        const chosen = name === 'desktop' ? 'Europe/London' : 'Asia/Tokyo';
        await expect
          .poll(
            async () =>
              (
                await apiCall<{ timeZone: string | null }>('/api/candidate/candidate', {
                  token: candidateToken,
                })
              ).body.timeZone,
            wait,
          )
          .toBe(chosen);
        await card.scrollIntoViewIfNeeded();
        await shot(page, `time-zone-${name}`);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    }
  });

  it('the unsubscribe link opens a page, signed out, that stops the e-mail once confirmed', async () => {
    const link = unsubscribeLink(userIdOf(candidateToken), 'opportunity.invite');
    for (const [viewport, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto(link);
        await page.waitForURL((url) => url.pathname === '/unsubscribe');
        await page
          .getByText('This stops e-mails telling you that an organization invites you to apply')
          .waitFor(wait);
        // Opening the link changed nothing.
        expect(await inviteMailOn()).toBe(true);
        await shot(page, `unsubscribe-${name}`);
        await expectNoAxeViolations(page);
        if (name === 'desktop') {
          await page.getByRole('button', { name: 'Unsubscribe' }).click();
          await page.getByText('You will no longer receive these e-mails.').waitFor(wait);
          await expectNoAxeViolations(page);
          expect(await inviteMailOn()).toBe(false);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('an altered link says clearly that it is not valid', async () => {
    const link = unsubscribeLink(userIdOf(candidateToken), 'opportunity.invite');
    const altered = `${link.split('token=')[1]!.slice(0, -2)}xx`;
    const { context, page } = await newPage(browser, phone, {
      expectedErrors: [
        failedRequest(
          404,
          `/api/notifications/unsubscribe/about?token=${altered}`,
          'the altered token',
        ),
      ],
    });
    try {
      await page.goto(`/unsubscribe?token=${altered}`);
      await page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor(wait);
      expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});

describe('the client inbox', () => {
  it('lists the conversations and opens the application thread', async () => {
    const clientToken = await apiToken(clientEmail);
    const workspaces = await apiCall<{ items: { id: number }[] }>(
      '/api/client/opportunities?all=true',
      { token: clientToken },
    );
    const managed = new Set(workspaces.body.items.map((w) => w.id));
    const applications = await apiCall<{ items: { id: number; opportunity: { id: number } }[] }>(
      '/api/candidate/applications?per=100',
      { token: candidateToken },
    );
    const application = applications.body.items.find((a) => managed.has(a.opportunity.id))!;
    const words = `Inbox check ${Date.now()}`;
    await apiCall(`/api/candidate/applications/${application.id}/chats`, {
      method: 'POST',
      token: candidateToken,
      body: { message: { body: words } },
    });

    for (const [viewport, name] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await logIn(page, clientEmail);
        await page.goto('/client/messages');
        const conversation = page.getByRole('link').filter({ hasText: words });
        await conversation.waitFor(wait);
        await shot(page, `client-inbox-${name}`);
        await expectNoAxeViolations(page);
        if (name === 'phone') {
          await conversation.click();
          await page.waitForURL(
            (url) =>
              url.pathname ===
                `/client/opportunities/${application.opportunity.id}/applications/${application.id}` &&
              url.hash === '#messages',
          );
          const thread = page.getByRole('region', { name: 'Messages', exact: true });
          await thread.getByText(words).waitFor(wait);
        }
      } finally {
        await context.close();
      }
    }
  });
});
