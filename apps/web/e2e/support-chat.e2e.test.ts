// The live support chat: a product started with a chat server (a stand-in of Chatwoot's SDK that
// records every call) loads the widget once the page is idle, identifies the signed-in user,
// resets at logout, tells every page, opens for #blocked and for the identification Help with
// the message typed in. The suite's own product, which has no chat server, keeps the e-mail
// dialog.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { identificationMessages } from '@pathways/shared/profile/identification';

import {
  baseUrl as suiteBaseUrl,
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  password,
  wait,
  screenshot,
} from './browser.ts';
import { logIn } from './session.ts';
import { startChatWidgetStandIn, type ChatWidgetStandIn } from './chat-widget-stand-in.ts';
import { generousLimits } from '../../api/src/test/limits.ts';
import { startProductProcess } from '../../api/src/test/product-process.ts';

const blockedMessage = 'My Pathways profile has been blocked.';

/** The product as the suite runs it, with the chat server's address and token set. */
const startProduct = (env: Record<string, string>) =>
  startProductProcess({ env: { ...generousLimits, ...env }, timeoutSeconds: 100 });

let browser: Browser;
let chat: ChatWidgetStandIn;
let product: Awaited<ReturnType<typeof startProduct>>;

beforeAll(async () => {
  chat = await startChatWidgetStandIn();
  [browser, product] = await Promise.all([
    launch(),
    startProduct({
      SUPPORT_CHAT_BASE_URL: chat.baseUrl,
      SUPPORT_CHAT_WEBSITE_TOKEN: chat.websiteToken,
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await chat?.close();
});
beforeEach(() => chat.clear());

/** A fresh browser context on the product that has the chat configured. */
function chatPage(options: Parameters<typeof newPage>[2] = {}) {
  return newPage(browser, undefined, {
    ...options,
    context: { baseURL: product.baseUrl, ...options.context },
  });
}

/** The calls recorded so far, as `[method, ...args]`, leaving out the SDK's start. */
const callsMade = () =>
  chat
    .calls()
    .filter((c) => c.method !== 'run')
    .map((c) => [c.method, ...c.args]);

async function waitForCall(method: string, ...args: unknown[]) {
  await expect.poll(callsMade, wait).toEqual(expect.arrayContaining([[method, ...args]]));
}

/** The composer of the widget's frame, once the chat is open. */
const composer = (page: Page) =>
  page.frameLocator('#chatwoot_live_chat_widget').getByLabel('Your message');

describe('with a chat server configured', () => {
  it("loads the widget's script only after the page has loaded, and tells it every page", async () => {
    const { context, page } = await chatPage();
    try {
      await page.goto('/');
      await expect.poll(() => chat.scriptRequests(), wait).toBe(1);
      // The script was asked for after the page's load event: never part of the first load.
      // (Its timing entry is there once its response has been read, which can be after the
      // server has counted the request.)
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              performance
                .getEntriesByType('resource')
                .some((entry) => entry.name.endsWith('/packs/js/sdk.js')),
            ),
          wait,
        )
        .toBe(true);
      const order = await page.evaluate(() => {
        const navigation = performance.getEntriesByType(
          'navigation',
        )[0] as PerformanceNavigationTiming;
        const script = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/packs/js/sdk.js'));
        return { loadEnd: navigation.loadEventEnd, scriptStart: script?.startTime ?? -1 };
      });
      expect(order.loadEnd).toBeGreaterThan(0);
      expect(order.scriptStart).toBeGreaterThanOrEqual(order.loadEnd);
      expect(chat.calls()[0]).toMatchObject({
        method: 'run',
        args: [{ websiteToken: chat.websiteToken, baseUrl: chat.baseUrl }],
      });

      await waitForCall('setCustomAttributes', { current_page: '/' });
      await page.getByRole('link', { name: 'Employers' }).first().click();
      await waitForCall('setCustomAttributes', { current_page: '/employers' });
      await page.goBack();
      await page.locator('a[href^="/opportunities/"]').first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/opportunities/'));
      const path = new URL(page.url()).pathname;
      await waitForCall('setCustomAttributes', { current_page: path });
      // Each page once, in the order visited: /, /employers, / again, then the next.
      expect(callsMade()).toEqual([
        ['setCustomAttributes', { current_page: '/' }],
        ['setCustomAttributes', { current_page: '/employers' }],
        ['setCustomAttributes', { current_page: '/' }],
        ['setCustomAttributes', { current_page: path }],
      ]);
      // A guest who never signed in is neither identified nor reset.
      expect(callsMade().filter(([method]) => method !== 'setCustomAttributes')).toEqual([]);
      // The script loads once for the whole visit.
      expect(chat.scriptRequests()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('identifies the user with e-mail and name after login, and resets at logout', async () => {
    const { context, page } = await chatPage();
    try {
      await logIn(page, 'thandi@demo.test');
      await page.getByRole('heading', { name: 'Welcome, Thandi' }).waitFor();
      await waitForCall('setUser', 'thandi@demo.test', {
        email: 'thandi@demo.test',
        name: expect.stringMatching(/^Thandi \S+/),
      });
      await waitForCall('setCustomAttributes', { current_page: '/dashboard' });
      expect(callsMade().filter(([method]) => method === 'reset')).toEqual([]);

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForCall('reset');
      const made = callsMade().map(([method]) => method);
      expect(made.indexOf('reset')).toBeGreaterThan(made.indexOf('setUser'));

      // The next page load starts as a guest: nothing more to reset.
      chat.clear();
      await page.reload();
      await waitForCall('setCustomAttributes', { current_page: '/' });
      expect(callsMade().filter(([method]) => method === 'reset' || method === 'setUser')).toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });

  it("#blocked opens the chat with the blocked user's message typed in", async () => {
    const { context, page } = await chatPage();
    try {
      await page.goto('/#blocked');
      await waitForCall('toggle', 'open', blockedMessage);
      await expect.poll(() => composer(page).inputValue(), wait).toBe(blockedMessage);
      // The hash is dropped, so Back or a reload does not open it again.
      expect(new URL(page.url()).hash).toBe('');
      // No e-mail dialog when the chat is there.
      expect(await page.getByRole('dialog', { name: 'Contact support' }).count()).toBe(0);
      await screenshot(page, `support-chat/support-chat-blocked`);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page);
      }
    } finally {
      await context.close();
    }
  });

  it('the identification Help opens the chat with the message that the number already exists', async () => {
    const { context, page } = await chatPage({
      expectedErrors: [
        failedRequest(422, '/api/candidate/profile', 'the number is already on another profile'),
      ],
    });
    try {
      // Thandi's identification number, which Sipho then tries to save as his.
      const login = await fetch(`${product.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'thandi@demo.test', password }),
      });
      const token = login.headers.get('Authorization') ?? '';
      const thandi = (await (
        await fetch(`${product.baseUrl}/api/candidate/profile`, {
          headers: { Authorization: token },
        })
      ).json()) as { identification: string; countryOfBirth: string };
      expect(thandi.countryOfBirth).toBe('ZA');

      await logIn(page, 'sipho@demo.test');
      await page.goto('/candidate/profile');
      const form = page.getByRole('form', { name: 'Personal details' });
      await form.getByLabel('Country of birth').selectOption('ZA');
      await form.getByLabel('National ID number').fill(thandi.identification);
      await form.getByRole('button', { name: 'Save personal details' }).click();
      const alert = page.getByRole('alert').filter({ hasText: identificationMessages.saveFailed });
      await alert.getByRole('button', { name: 'Help' }).click();

      await waitForCall('toggle', 'open', identificationMessages.helpRequest);
      await expect
        .poll(() => composer(page).inputValue(), wait)
        .toBe(identificationMessages.helpRequest);
      await waitForCall('setUser', 'sipho@demo.test', {
        email: 'sipho@demo.test',
        name: expect.any(String),
      });
      await screenshot(page, `support-chat/support-chat-help`);
    } finally {
      await context.close();
    }
  });
});

describe('without a chat server', () => {
  it('offers the support e-mail dialog, with the message, and loads nothing from elsewhere', async () => {
    const { context, page } = await newPage(browser);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(suiteBaseUrl())) elsewhere.push(request.url());
    });
    try {
      const settings = page.waitForResponse((r) => r.url().endsWith('/api/support-chat'));
      await page.goto('/#blocked');
      expect(await (await settings).json()).toEqual({ widget: null });
      const dialog = page.getByRole('dialog', { name: 'Contact support' });
      await dialog.waitFor();
      await dialog.getByText(`“${blockedMessage}”`).waitFor();
      const mailto = await dialog.getByRole('link').first().getAttribute('href');
      expect(mailto).toMatch(/^mailto:/);
      expect(mailto).toContain(encodeURIComponent(blockedMessage));
      await screenshot(page, `support-chat/support-chat-fallback`);
      await expectNoAxeViolations(page);
      expect(elsewhere).toEqual([]);
      expect(await page.locator('#chatwoot_live_chat_widget').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
