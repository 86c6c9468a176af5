import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, password, wait, screenshot } from './browser.ts';
import { apiCall, apiGet, apiToken, logIn } from './session.ts';

// A regret reaches the candidate's bell: a candidate of its own (registered here) applies for
// an opportunity the demo client manages, the demo client regrets the application through the API, and the
// candidate finds the notice in the bell at desktop and phone width, and dismisses it.

let browser: Browser;
const email = `notified-${Date.now()}@demo.test`;
let token = '';
let opportunityName = '';

async function setUp() {
  const registered = await apiCall('/api/candidates', {
    method: 'POST',
    body: { email, password, passwordConfirmation: password },
  });
  token = registered.token ?? '';
  const nsc = await apiGet<{
    items: {
      id: number;
      qualificationType: { id: number };
      qualificationCategory: { id: number } | null;
    }[];
  }>(`/api/qualifications?search=${encodeURIComponent('National Senior Certificate')}`);
  const matric = nsc.items[0]!;
  await apiCall('/api/candidate/profile_qualifications', {
    method: 'POST',
    token,
    body: {
      profileQualification: {
        institutionName: 'Orlando High School',
        qualificationId: matric.id,
        qualificationTypeId: matric.qualificationType.id,
        qualificationCategoryId: matric.qualificationCategory?.id ?? null,
        startsAt: '2025-01-15',
        endsAt: '2025-11-30',
        status: 'completed',
        gradeNormalized: 70,
      },
    },
  });
  // An open opportunity the demo client manages, applied for with every question answered.
  const client = await apiToken('client@demo.test');
  const { body: workspaces } = await apiCall<{ items: { id: number; name: string }[] }>(
    '/api/client/opportunities',
    { token: client },
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
            answers: questions.items.map((q) => ({
              questionId: q.id,
              answer: 'I care for people.',
            })),
          },
        },
      );
      await apiCall(`/api/client/opportunities/${workspace.id}/applications/${applied.id}/regret`, {
        method: 'PATCH',
        token: client,
      });
      opportunityName = workspace.name;
      return;
    } catch {
      // Not open to this candidate (closed, or asks what the profile lacks): try the next.
    }
  }
  throw new Error('no workspace of the demo client took the application');
}

beforeAll(async () => {
  browser = await launch();
  await setUp();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the notifications bell', () => {
  it('shows the regret to the candidate, who dismisses it; axe clean at 1280 and 390 px', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, email);

    // Other notices may be there too (opportunities the new profile qualifies for).
    const bell = page.getByRole('button', { name: /^Notifications \(\d+\)$/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const notice = panel
      .getByRole('listitem')
      .filter({ hasText: opportunityName })
      .filter({ hasText: /has decided not to take/ });
    const regret = panel.getByRole('listitem').filter({ hasText: /has decided not to take/ });
    await expect.poll(() => regret.count(), wait).toBe(1);
    await expect.poll(() => notice.count(), wait).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'notifications/bell-desktop');

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await bell.click();
    await expect.poll(() => notice.count(), wait).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'notifications/bell-phone');

    // The notice leaves the list at once; the server has it dismissed once its answer is back.
    const dismissed = page.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' &&
        /^\/api\/candidate\/notifications\/\d+$/.test(new URL(r.url()).pathname),
    );
    await notice.getByRole('button', { name: /^Dismiss/ }).click();
    await expect.poll(() => notice.count(), wait).toBe(0);
    expect((await dismissed).status()).toBe(200);
    const left = await apiGet<{ items: { description: string }[] }>(
      '/api/candidate/notifications?per=100',
      token,
    );
    expect(left.items.filter((n) => n.description.includes(opportunityName))).toEqual([]);
    await context.close();
  });
});
