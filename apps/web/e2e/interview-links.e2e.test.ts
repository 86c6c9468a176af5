import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  screenshot,
  wait,
} from './browser.ts';
import { apiCall, apiToken, mailed } from './session.ts';

// An interviewer without an account, in a real browser: the demo's primary client user fixes an
// interview with two people outside the organization under blind review; the first opens the
// link of their e-mail on a phone, sees the interview and the candidate without a name, scores
// and sees the other's scorecard only then. The page is not indexed and sends no referrer; once
// the interview is cancelled the same link says it works no more. Axe clean at 390 and 1280 px.

const clientEmail = 'client@demo.test';
const stamp = Date.now();
const outside = { email: `sipho-${stamp}@partner.example`, name: 'Sipho Dlamini' };
const second = { email: `thandi-${stamp}@partner.example`, name: 'Thandi Mokoena' };

let browser: Browser;
let token = '';
let interviewId = 0;

const shot = (page: Page, name: string) =>
  screenshot(page, `interview-links/${name}`, { fullPage: true });

const linkOf = (text: string) => /\/interview-links\/[\w-]+/.exec(text)?.[0] ?? '';

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(clientEmail);
  const workspaces = await apiCall<{ items: { id: number }[] }>(
    '/api/client/opportunities?all=true',
    { token },
  );
  let opportunityId = 0;
  let applicationId = 0;
  for (const workspace of workspaces.body.items) {
    const page = await apiCall<{ items: { id: number; status: string }[] }>(
      `/api/client/opportunities/${workspace.id}/applications?per=20`,
      { token },
    );
    const open = page.body.items.find((a) => a.status !== 'withdrawn');
    if (open) {
      opportunityId = workspace.id;
      applicationId = open.id;
      break;
    }
  }
  expect(applicationId, 'a demo application').toBeGreaterThan(0);
  await apiCall(`/api/client/opportunities/${opportunityId}/interview_settings`, {
    method: 'PUT',
    token,
    body: {
      settings: {
        criteria: [{ label: 'Communication' }, { label: 'Problem solving' }],
        blindReview: true,
      },
    },
  });
  const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
  startsAt.setUTCMinutes(0, 0, 0);
  const fixed = await apiCall<{ interview: { id: number } }>(
    `/api/client/opportunities/${opportunityId}/interviews`,
    {
      method: 'POST',
      token,
      body: {
        applicationId,
        startsAt: startsAt.toISOString(),
        durationMinutes: 45,
        place: { kind: 'video', url: 'https://meet.example.org/pathways-interview' },
        interviewers: [outside, second],
      },
    },
  );
  interviewId = fixed.body.interview.id;
});

afterAll(async () => {
  await browser?.close();
});

it('the outside interviewer opens their interview on a phone, scores it, then sees the other scorecard; a cancelled interview’s link says so', async () => {
  const mine = linkOf((await mailed((m) => m.to.includes(outside.email), 'the invitation')).text);
  const theirs = linkOf((await mailed((m) => m.to.includes(second.email), 'the invitation')).text);
  expect(mine).not.toBe('');
  expect(theirs).not.toBe(mine);

  const { page, context } = await newPage(
    browser,
    { width: 390, height: 844 },
    {
      context: { timezoneId: 'Europe/London' },
      expectedErrors: [
        failedRequest(
          404,
          `/api${mine}`.replace('interview-links', 'interview_links'),
          'the interview is cancelled',
        ),
      ],
    },
  );
  const response = await page.goto(mine);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await page.getByRole('heading', { level: 1, name: /^Interview for / }).waitFor(wait);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  await page.getByText('Your time zone: Europe / London').waitFor(wait);
  await page.getByText(/^Blind review/).waitFor(wait);
  await page.getByText(/You see your colleagues' scorecards once yours is in/).waitFor(wait);
  const join = page.getByRole('link', { name: 'Join the video call' });
  expect(await join.getAttribute('href')).toBe('https://meet.example.org/pathways-interview');
  const calendar = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
  const ics = await context.request.get(calendar!);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  await expectNoAxeViolations(page);
  await shot(page, 'before-390');

  // The colleague scores first, through their own link.
  const colleagueToken = theirs.split('/').pop()!;
  const theirView = await apiCall<{ criteria: { key: string }[] }>(
    `/api/interview_links/${colleagueToken}`,
  );
  await apiCall(`/api/interview_links/${colleagueToken}/scorecard`, {
    method: 'PUT',
    body: {
      scorecard: {
        scores: Object.fromEntries(theirView.body.criteria.map((c) => [c.key, 5])),
        recommendation: 'strong_yes',
        notes: 'Asked sharp questions',
      },
    },
  });
  // Not shown before this interviewer's own scorecard is in, even after a reload.
  await page.reload();
  await page.getByRole('form', { name: 'Your scorecard' }).waitFor(wait);
  expect(await page.getByText('Asked sharp questions').count()).toBe(0);

  const form = page.getByRole('form', { name: 'Your scorecard' });
  await form.getByRole('radiogroup', { name: 'Communication' }).getByLabel('4').check();
  await form.getByRole('radiogroup', { name: 'Problem solving' }).getByLabel('3').check();
  await form
    .getByRole('radiogroup', { name: 'Your recommendation' })
    .getByLabel('Yes', { exact: true })
    .check();
  await form.getByLabel('Notes').fill('Calm and clear');
  await form.getByRole('button', { name: 'Submit my scorecard' }).click();
  await page.getByText(/Your scorecard is in/).waitFor(wait);
  await page.getByText('Asked sharp questions').waitFor(wait);
  await page.getByText(`${second.name}: Strong yes`).waitFor(wait);
  await expectNoAxeViolations(page);
  await shot(page, 'after-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await shot(page, 'after-1280');

  // The client sees the outside interviewer's scorecard with the interview.
  const seen = await apiCall<{ interview: { scorecards: { notes: string | null }[] } }>(
    `/api/client/interviews/${interviewId}`,
    { token },
  );
  expect(seen.body.interview.scorecards.map((s) => s.notes)).toContain('Calm and clear');

  await apiCall(`/api/client/interviews/${interviewId}/cancel`, {
    method: 'POST',
    token,
    body: { reason: 'The position is filled' },
  });
  await page.reload();
  await page
    .getByRole('heading', { level: 1, name: 'This link does not work any more' })
    .waitFor(wait);
  expect(await page.getByText(/meet\.example\.org/).count()).toBe(0);
  expect(await page.getByText('Calm and clear').count()).toBe(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'closed-390');
  await context.close();
});
