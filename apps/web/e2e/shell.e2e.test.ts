import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '@pathways/shared/auth/auth.schemas';
import { drawerClosesAutomatically } from '@pathways/shared/navigation/drawer';
import { paths } from '@pathways/shared/navigation/paths';

import {
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  password,
  wait,
} from './browser.ts';
import { apiCall, logIn, submitLogIn } from './session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Logs out from the navigation drawer: pinned beside the page at this width for candidates and
 * admins, an overlay to open first for client users, whose pages need the room.
 */
async function logOut(page: Page, role: Role) {
  if (drawerClosesAutomatically(role, page.viewportSize()!.width)) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  await page.getByRole('button', { name: 'Log out' }).click();
}

describe('logging in lands each role on its own start page', () => {
  // Candidates and admins land on their dashboard, client users on their workspaces; the
  // headings name the demo users the seed creates. A candidate is greeted by their first names:
  // the profile test, run before on the same server or not, gives Sipho his second given name.
  const cases = [
    {
      email: 'thandi@demo.test',
      role: 'candidate',
      landing: '/dashboard',
      heading: /^Welcome, Thandi$/,
    },
    {
      email: 'sipho@demo.test',
      role: 'candidate',
      landing: '/dashboard',
      heading: /^Welcome, Sipho( Themba)?$/,
    },
    {
      email: 'client@demo.test',
      role: 'client',
      landing: '/client/opportunities',
      heading: /^Workspaces$/,
    },
    {
      email: 'manager@demo.test',
      role: 'client',
      landing: '/client/opportunities',
      heading: /^Workspaces$/,
    },
    {
      email: 'viewer@demo.test',
      role: 'client',
      landing: '/client/opportunities',
      heading: /^Workspaces$/,
    },
    {
      email: 'admin@demo.test',
      role: 'admin',
      landing: '/dashboard',
      heading: /^Welcome, Lerato$/,
    },
  ] as const;
  for (const { email, role, landing, heading } of cases) {
    it(`${email} → ${landing}, then logs out`, async () => {
      const { context, page } = await newPage(browser);
      try {
        await logIn(page, email);
        await page.waitForURL((url) => url.pathname === landing);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), wait)
          .toMatch(heading);
        await logOut(page, role);
        await page.waitForURL((url) => url.pathname === '/');
        expect(
          await page.evaluate(() =>
            Object.keys(localStorage).filter((k) => /token/i.test(k) && localStorage.getItem(k)),
          ),
        ).toEqual([]);
        // The session is over: the protected page sends the guest away.
        await page.goto(landing);
        await page.waitForURL((url) => url.pathname === '/');
      } finally {
        await context.close();
      }
    });
  }

  it('says so when the details are wrong, and stays on /login', async () => {
    const { context, page } = await newPage(browser, undefined, {
      expectedErrors: [failedRequest(401, '/api/auth/login', 'the password is wrong')],
    });
    try {
      await submitLogIn(page, 'thandi@demo.test', 'not-the-password');
      await page
        .getByText("You couldn't be logged in. Please check the login details again.")
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });
});

describe('guards', () => {
  it('sends a guest from a candidate route to /', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/candidate/profile');
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  it('sends a candidate from a client route to /dashboard', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'thandi@demo.test');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto('/client/opportunities');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(await page.title()).toMatch(/Pathways/);
    } finally {
      await context.close();
    }
  });

  it('shows the not-found page for an unknown path and for /404, answering 404', async () => {
    // Each in a browser of its own: once the app's service worker runs, it answers navigations
    // itself; the status is what the server says to a first visit, a crawler or a monitor.
    for (const path of ['/no/such/page', '/404']) {
      const { context, page } = await newPage(browser, undefined, {
        expectedErrors: [failedRequest(404, path, 'no page of the app')],
      });
      try {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(404);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        expect(await page.title()).toMatch(/not found/i);
      } finally {
        await context.close();
      }
    }
  });
});

describe("a new candidate's top bar", () => {
  it('has the bell on every candidate page, and the to-do list beside it on a wide screen', async () => {
    const email = `top-bar-${Date.now()}@example.test`;
    const { token } = await apiCall('/api/candidates', {
      method: 'POST',
      body: { email, password, passwordConfirmation: password },
    });
    const pages = [
      paths.dashboard,
      paths.opportunities,
      paths.candidate.profile,
      paths.candidate.documents,
      paths.candidate.messages,
      paths.candidate.account,
    ];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto(paths.home);
        await page.evaluate((value) => localStorage.setItem('pathways.token', value), token!);
        for (const path of pages) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          const bar = page.getByRole('banner');
          await bar.getByRole('button', { name: 'Notifications' }).waitFor();
          const todo = bar.getByRole('button', { name: /^My to do list/ });
          // The to-do list is on the dashboard of a phone, not in its top bar.
          if (viewport.width >= 900) await todo.waitFor();
          else expect(await todo.count(), path).toBe(0);
        }
      } finally {
        await context.close();
      }
    }
  });
});

describe('accessibility', () => {
  const pages = ['/', '/login', '/password_reset', '/employers', '/404'];
  for (const path of pages) {
    it(`axe finds nothing on ${path} (desktop and phone)`, async () => {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const { context, page } = await newPage(browser, viewport, {
          expectedErrors:
            path === '/404' ? [failedRequest(404, path, 'the not-found page answers 404')] : [],
        });
        try {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectNoAxeViolations(page);
        } finally {
          await context.close();
        }
      }
    });
  }

  it('axe finds nothing on the signed-in dashboard of the unconfirmed candidate', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'sipho@demo.test');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
