import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, password, wait, screenshot } from './browser.ts';
import { apiCall, logIn, mailed } from './session.ts';

// A workspace's eligible candidates in a real browser: the demo's primary client opens them from
// the workspace page, reads a candidate's criteria, looks at the criterion funnel and invites one
// candidate; the invitation e-mail reaches the candidate, who logs in and finds it under My
// invites. Every page axe clean at 1280 and 390 px.

const email = 'client@demo.test';
let browser: Browser;
let token = '';
let workspace = { id: 0, name: '' };
let candidateName = '';

async function api<T>(path: string) {
  const answer = await apiCall<T>(path, { token });
  if (answer.token) token = answer.token;
  return answer.body;
}

const shot = (page: Page, name: string) =>
  screenshot(page, `client-eligibilities/${name}`, { fullPage: true });

/** The newest e-mail whose subject mentions `subject`, read from the development outbox. */
const mailAbout = (subject: string) =>
  mailed((m) => m.subject.includes(subject), `e-mail about ${subject}`);

interface Row {
  id: number;
  name: string;
}

beforeAll(async () => {
  browser = await launch();
  token =
    (await apiCall('/api/auth/login', { method: 'POST', body: { email, password } })).token ?? '';
  // An active workspace still taking applications, with a candidate who can be invited.
  const list = await api<{ items: { id: number; name: string; closesAt: string | null }[] }>(
    '/api/client/opportunities',
  );
  for (const o of list.items) {
    if (o.closesAt !== null && new Date(o.closesAt).getTime() < Date.now()) continue;
    const rows = await api<{ items: Row[] }>(
      `/api/client/opportunities/${o.id}/eligibilities?eligible=true&applied=false&invited=false`,
    );
    if (rows.items.length > 0) {
      workspace = { id: o.id, name: o.name };
      candidateName = rows.items[0]!.name;
      break;
    }
  }
  expect(workspace.id, 'a demo workspace with a candidate to invite').toBeGreaterThan(0);
});

afterAll(async () => {
  await browser?.close();
});

// Two users, an e-mail and four accessibility passes in one journey: on a machine busy with
// other suites it takes longer than one page's 60 s; each wait keeps its own limit.
it('the primary client invites an eligible candidate, who finds the invitation under My invites', async () => {
  const { context, page } = await newPage(browser);
  try {
    await logIn(page, email);
    await page.goto(`/client/opportunities/${workspace.id}`);
    await page.getByRole('heading', { level: 1, name: workspace.name }).waitFor();
    await page.getByRole('link', { name: 'Eligible candidates' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${workspace.id}/eligibilities`));
    const table = page.getByRole('table', { name: 'Eligible candidates' });
    await table.waitFor();

    // Only those who can be invited: the list narrows in the address bar.
    await page
      .getByRole('group', { name: 'Applied' })
      .getByRole('button', { name: 'Not applied' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('applied') === 'false');
    const invite = page.getByRole('button', { name: `Invite ${candidateName}` }).first();
    await invite.waitFor(wait);

    await page
      .getByRole('button', { name: `Show the criteria of ${candidateName}` })
      .first()
      .click();
    await page.getByRole('list', { name: 'Criteria' }).first().waitFor(wait);
    await page.getByRole('table', { name: 'The criterion funnel in numbers' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'eligibilities-1280');

    await invite.click();
    await page
      .locator('[id^="snackbar-message-"]')
      .filter({ hasText: `${candidateName} is invited to apply.` })
      .first()
      .waitFor(wait);
    await expect
      .poll(() => page.getByRole('button', { name: `Invite ${candidateName}` }).count(), wait)
      .toBe(0);
    await shot(page, 'eligibilities-invited-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    // The table scrolls inside its own box: the page itself never gets wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'eligibilities-390');
  } finally {
    await context.close();
  }

  // The candidate reads the e-mail and logs in with the address it was sent to.
  const mail = await mailAbout(`invites you to apply for ${workspace.name}`);
  expect(mail.text).toContain(`/opportunities/${workspace.id}`);
  const candidate = await newPage(browser, { width: 390, height: 844 });
  try {
    await logIn(candidate.page, mail.to);
    await candidate.page.goto('/dashboard');
    const invites = candidate.page.getByRole('list', { name: 'Invites' });
    await invites.getByRole('link', { name: workspace.name }).waitFor(wait);
    await expectNoAxeViolations(candidate.page);
    await shot(candidate.page, 'my-invites-390');
    await candidate.page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(candidate.page);
    await shot(candidate.page, 'my-invites-1280');
  } finally {
    await candidate.context.close();
  }
}, 120_000);
