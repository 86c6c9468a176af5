import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { FeedbackRequestList } from '@pathways/shared/feedback/feedback.schemas';

import {
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  wait,
  screenshot,
} from './browser.ts';
import { apiCall, apiToken, logIn, mailed, snackbar } from './session.ts';

// Shared With Me in a real browser: the demo's primary client user chooses two applicants in a
// workspace and asks a colleague who manages no workspace (Ayesha Patel); she logs in, opens
// Shared With Me, rates and comments on both; the requester then sees her answers on the
// application's page. Axe clean at 1280 and 390 px, the share dialog included. Then someone
// outside the organization: asked by e-mail under blind review, they answer on a phone through
// the link of their e-mail, the requester sees the answer and withdraws the link.

const requesterEmail = 'client@demo.test';
const colleagueEmail = 'viewer@demo.test';
const comment = `Strong communicator, interview first (${Date.now()})`;

let browser: Browser;
let opportunityId = 0;

const shot = (page: Page, name: string) => screenshot(page, `feedback/${name}`, { fullPage: true });

beforeAll(async () => {
  browser = await launch();
  const token = await apiToken(requesterEmail);
  const workspaces = await apiCall<{ items: { id: number }[] }>(
    '/api/client/opportunities?all=true',
    { token },
  );
  for (const workspace of workspaces.body.items) {
    const page = await apiCall<{ total: number }>(
      `/api/client/opportunities/${workspace.id}/applications?per=5`,
      { token },
    );
    if (page.body.total >= 2) {
      opportunityId = workspace.id;
      break;
    }
  }
  expect(opportunityId, 'a demo workspace with two applicants').toBeGreaterThan(0);
});

afterAll(async () => {
  await browser?.close();
});

it('a client asks a colleague about two applicants, she answers, and the answers show on the application', async () => {
  const { page } = await newPage(browser);
  await logIn(page, requesterEmail);
  await page.goto(`/client/opportunities/${opportunityId}/applications`);
  await page.getByRole('tablist', { name: 'Phases' }).waitFor(wait);
  await expect.poll(() => page.getByText(/Loading applications/).count(), wait).toBe(0);
  const rows = page.getByRole('table', { name: 'Applicants' }).locator('tbody tr');
  for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Ask colleagues' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask colleagues' });
  await dialog.getByRole('checkbox', { name: /^Ayesha Patel/ }).check();
  await dialog.getByLabel('Message (optional)').fill('Who would you interview?');
  // The dialog, and the chosen rows of the tracker seen through its backdrop, are readable.
  await expectNoAxeViolations(page);
  await shot(page, 'share-dialog-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shot(page, 'share-dialog-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Share' }).click();
  await snackbar(page, '2 applicants shared for feedback');

  const mine = await apiCall<FeedbackRequestList>('/api/client/feedback_requests?scope=mine', {
    token: await apiToken(requesterEmail),
  });
  const request = mine.body.items[0]!;
  expect(request.message).toBe('Who would you interview?');
  expect(request.applications).toHaveLength(2);
  const names = request.applications.map((a) =>
    [a.candidate.firstName, a.candidate.lastName].filter(Boolean).join(' '),
  );

  // The colleague, on a phone.
  const colleague = await newPage(browser, { width: 390, height: 844 });
  const phone = colleague.page;
  await logIn(phone, colleagueEmail);
  // The page is in the address: past the last one, the paging leads back to the first.
  await phone.goto('/client/shared_candidates?page=2');
  await phone.getByText('There are no more requests.').waitFor(wait);
  const paging = phone.getByRole('navigation', { name: 'Pages of requests' });
  await expectNoAxeViolations(phone);
  await shot(phone, 'shared-with-me-past-the-end-390');
  await paging.getByRole('button', { name: 'Go to page 1' }).click();
  const card = phone.getByRole('article').filter({ hasText: 'Who would you interview?' });
  await card.waitFor(wait);
  expect(new URL(phone.url()).search).toBe('');
  await expectNoAxeViolations(phone);
  await shot(phone, 'shared-with-me-390');
  for (const [i, name] of names.entries()) {
    await card
      .getByRole('group', { name: `Rating for ${name}` })
      .locator('label')
      .filter({ hasText: i === 0 ? '5 stars' : '3 stars' })
      .click();
    await card.getByLabel(`Comment on ${name}`).fill(i === 0 ? comment : 'Not yet');
  }
  await card.getByRole('button', { name: 'Save feedback' }).click();
  await snackbar(phone, 'Your feedback was saved');
  // Answered, it leaves the open requests and shows under Answered.
  await expect.poll(() => card.count(), wait).toBe(0);
  await phone.getByRole('button', { name: 'Answered' }).click();
  await card.waitFor(wait);
  await phone.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(phone);
  await shot(phone, 'answered-1280');
  await colleague.context.close();

  // The requester sees the answer on the first applicant's page.
  await page.goto(
    `/client/opportunities/${opportunityId}/applications/${request.applications[0]!.id}`,
  );
  const section = page.getByRole('region', { name: "Colleagues' feedback" });
  await section.getByText(new RegExp(comment.replace(/[()]/g, '\\$&'))).waitFor(wait);
  await section.getByText('Ayesha Patel').waitFor();
  await expectNoAxeViolations(page);
  await shot(page, 'application-feedback-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shot(page, 'application-feedback-390');

  // Shared by me lists the answers too.
  await page.goto('/client/shared_candidates');
  await page.getByRole('tab', { name: 'Shared by me' }).click();
  await page
    .getByText(/Ayesha Patel \(answered\)/)
    .first()
    .waitFor(wait);
  await expectNoAxeViolations(page);
  await shot(page, 'shared-by-me-390');
});

it('a client asks someone outside by e-mail; they answer on a phone through their link, unnamed applicant, until the link is withdrawn', async () => {
  const guest = { email: `adviser-${Date.now()}@partner.example`, name: 'Nomsa Adviser' };
  const token = await apiToken(requesterEmail);
  await apiCall(`/api/client/opportunities/${opportunityId}/interview_settings`, {
    method: 'PUT',
    token,
    body: { settings: { criteria: [], blindReview: true } },
  });
  const { page } = await newPage(browser);
  await logIn(page, requesterEmail);
  await page.goto(`/client/opportunities/${opportunityId}/applications`);
  await page.getByRole('tablist', { name: 'Phases' }).waitFor(wait);
  await expect.poll(() => page.getByText(/Loading applications/).count(), wait).toBe(0);
  await page
    .getByRole('table', { name: 'Applicants' })
    .locator('tbody tr')
    .first()
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Ask colleagues' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask colleagues' });
  await dialog.getByLabel('E-mail of someone outside').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByText('Enter a valid e-mail address').waitFor(wait);
  await dialog.getByLabel('E-mail of someone outside').fill(guest.email);
  await dialog.getByLabel('Their name (optional)').fill(guest.name);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByText(`${guest.name} (${guest.email})`).waitFor(wait);
  await expectNoAxeViolations(page);
  await shot(page, 'share-outside-1280');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await snackbar(page, '1 applicant shared for feedback');

  const mine = await apiCall<FeedbackRequestList>('/api/client/feedback_requests?scope=mine', {
    token,
  });
  const request = mine.body.items[0]!;
  expect(request.guests.map((g) => g.email)).toEqual([guest.email]);
  const applicant = request.applications[0]!;
  const name = [applicant.candidate.firstName, applicant.candidate.lastName]
    .filter(Boolean)
    .join(' ');
  const link = /\/feedback-links\/[\w-]+/.exec(
    (await mailed((m) => m.to.includes(guest.email), 'the request')).text,
  )?.[0];
  expect(link).toBeTruthy();

  // The person outside, on a phone: no account, the applicant unnamed under blind review.
  const outside = await newPage(
    browser,
    { width: 390, height: 844 },
    {
      expectedErrors: [
        failedRequest(404, `/api${link!.replace('feedback-links', 'feedback_links')}`, 'withdrawn'),
      ],
    },
  );
  const phone = outside.page;
  const response = await phone.goto(link!);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await phone.getByRole('heading', { level: 1, name: 'Your opinion on 1 applicant' }).waitFor(wait);
  await phone.getByText(/^Blind review/).waitFor(wait);
  expect(await phone.getByText(name).count()).toBe(0);
  await expectNoAxeViolations(phone);
  await shot(phone, 'outside-before-390');
  const form = phone.getByRole('form', { name: 'Your feedback' });
  await form
    .getByRole('group', { name: 'Rating for Applicant 1' })
    .locator('label')
    .filter({ hasText: '4 stars' })
    .click();
  await form.getByLabel('Comment on Applicant 1').fill('Solid record, interview them');
  await form.getByRole('button', { name: 'Save feedback' }).click();
  await snackbar(phone, 'Your feedback was saved');
  await phone.getByText(/Your feedback is in/).waitFor(wait);
  await expectNoAxeViolations(phone);
  await shot(phone, 'outside-after-390');
  await phone.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(phone);
  await shot(phone, 'outside-after-1280');

  // The requester sees the answer on the application, signed as from outside.
  await page.goto(`/client/opportunities/${opportunityId}/applications/${applicant.id}`);
  const section = page.getByRole('region', { name: "Colleagues' feedback" });
  await section.getByText('Solid record, interview them', { exact: false }).waitFor(wait);
  await section.getByText(`${guest.name} (outside)`).waitFor();

  // Shared by me: the person outside answered; withdrawn, their link opens nothing.
  await page.goto('/client/shared_candidates?tab=mine');
  await page.getByText(`${guest.name} (${guest.email}): answered`).waitFor(wait);
  await page
    .getByRole('button', { name: `Withdraw the link of ${guest.name} (${guest.email})` })
    .click();
  await page.getByText(`${guest.name} (${guest.email}): link withdrawn`).waitFor(wait);
  await phone.reload();
  await phone
    .getByRole('heading', { level: 1, name: 'This link does not work any more' })
    .waitFor(wait);
  expect(await phone.getByText('Solid record').count()).toBe(0);
  await expectNoAxeViolations(phone);
  await outside.context.close();
});
