import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApplicantPage } from '@pathways/shared/applicants/applicants.schemas';
import type { ApplicationInterviews } from '@pathways/shared/interviews/interviews.schemas';

import { expectNoAxeViolations, launch, newPage, screenshot, wait } from './browser.ts';
import { apiCall, apiToken, logIn, mailed, snackbar } from './session.ts';

// The demo's primary client withdraws the times offered to an applicant, from the application's
// page: a confirmation with an optional reason (axe clean at 390 and 1280 px), then the offer
// shows as withdrawn, and the candidate is told by e-mail.

const clientEmail = 'client@demo.test';
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let token = '';
let path = '';
let candidateEmail = '';

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(clientEmail);
  const list = await apiCall<{ items: { id: number }[] }>('/api/client/opportunities', { token });
  // An applicant with no times waiting: the page then shows one offer, the one made here.
  for (const { id: opportunityId } of [...list.body.items].reverse()) {
    const { body } = await apiCall<ApplicantPage>(
      `/api/client/opportunities/${opportunityId}/applications?per=50`,
      { token },
    );
    for (const row of [...body.items].reverse()) {
      const { body: seen } = await apiCall<ApplicationInterviews>(
        `/api/client/applications/${row.id}/interviews`,
        { token },
      );
      if (seen.offers.length > 0 || seen.interviews.length > 0) continue;
      await apiCall(`/api/client/opportunities/${opportunityId}/interview_offers`, {
        method: 'POST',
        token,
        body: {
          applicationIds: [row.id],
          slots: [
            {
              startsAt: new Date(Date.now() + 40 * 24 * 3600_000).toISOString(),
              durationMinutes: 30,
              place: { kind: 'video', url: 'https://meet.example.test/withdraw' },
              interviewers: [{ email: `panel.${Date.now()}@example.test` }],
            },
          ],
        },
      });
      const { body: application } = await apiCall<{ candidate: { email: string } }>(
        `/api/client/opportunities/${opportunityId}/applications/${row.id}`,
        { token },
      );
      candidateEmail = application.candidate.email;
      path = `/client/opportunities/${opportunityId}/applications/${row.id}`;
      return;
    }
  }
  throw new Error('no applicant without interviews in the demo');
});

afterAll(async () => {
  await browser?.close();
});

describe('withdrawing interview times', { timeout: 180_000 }, () => {
  it('asks first on a phone, then withdraws on a desktop; the candidate is told', async () => {
    {
      const { context, page } = await newPage(browser, phone);
      try {
        await logIn(page, clientEmail);
        await page.goto(path);
        const section = page.getByRole('region', { name: 'Interviews' });
        await section.getByRole('button', { name: /^Withdraw times/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Withdraw these times?' });
        await dialog.waitFor(wait);
        await screenshot(page, 'client-interviews/withdraw-dialog-390');
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: 'Keep them' }).click();
        await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      } finally {
        await context.close();
      }
    }
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, clientEmail);
      await page.goto(path);
      const section = page.getByRole('region', { name: 'Interviews' });
      await section.getByRole('button', { name: /^Withdraw times/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw these times?' });
      await dialog.getByLabel('Reason (optional)').fill('The position has been filled');
      await screenshot(page, 'client-interviews/withdraw-dialog-1280');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Withdraw times' }).click();
      await snackbar(page, 'The times were withdrawn; the candidate is told');
      await section.getByText('Withdrawn', { exact: true }).waitFor(wait);
      await expect
        .poll(() => section.getByRole('button', { name: /^Withdraw times/ }).count(), wait)
        .toBe(0);
      await screenshot(page, 'client-interviews/withdrawn-1280', { fullPage: true });
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
    const mail = await mailed(
      (m) => m.to === candidateEmail && m.subject.startsWith('Interview times withdrawn'),
      'withdrawal e-mail',
    );
    expect(mail.text).toContain('Reason: The position has been filled');
  });
});
