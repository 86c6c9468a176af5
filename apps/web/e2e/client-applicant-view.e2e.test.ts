import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, expectNoAxeViolations, launch, newPage, wait, screenshot } from './browser.ts';
import { apiCall, apiToken, logIn, snackbar, tinyPdf } from './session.ts';

// One applicant as the demo client's primary user sees them: the demo candidate Thandi, who
// applied to one of the client's workspaces. The client opens her application, downloads a
// document she uploaded for this test, and Thandi finds the download on her settings page.
// Blind review hides her name. The page is axe clean at 1280 and 390 px.
// The client then flags an irregularity in her qualifications, and Thandi finds the critical
// to-do item leading to that section of her profile.
// The document the test uploads is removed afterwards, and the flag is resolved the way a
// candidate resolves it (her qualification changed, then put back); the blind review choice
// lives in the test's own browser context.

const clientEmail = 'client@demo.test';
const candidateEmail = 'thandi@demo.test';
const documentName = `applicant-view-${Date.now()}.pdf`;
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let candidateToken = '';
let documentId = 0;
let opportunityId = 0;
let applicationId = 0;
let flagged = false;
const flagReason = `The degree certificate does not match the institution (${Date.now()})`;

interface Item {
  id: number;
}

async function uploadDocument(): Promise<number> {
  const form = new FormData();
  form.append('kind', 'other');
  form.append(
    'file',
    new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }),
    documentName,
  );
  const response = await fetch(`${baseUrl()}/api/candidate/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${candidateToken}` },
    body: form,
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as Item).id;
}

const shot = (page: Page, name: string) =>
  screenshot(page, `client-applicant-view/${name}`, { fullPage: true });

beforeAll(async () => {
  browser = await launch();
  candidateToken = await apiToken(candidateEmail);
  const clientToken = await apiToken(clientEmail);
  // An application of Thandi's to one of the demo client's workspaces.
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
  documentId = await uploadDocument();
});

/** Changes one of Thandi's qualifications and puts it back: the flag on them is resolved. */
async function correctQualifications() {
  const { body } = await apiCall<{
    profileQualifications: { id: number; gradeNormalized: number | null }[];
  }>('/api/candidate/profile', { token: candidateToken });
  const [first] = body.profileQualifications;
  if (!first) return;
  const url = `/api/candidate/profile_qualifications/${first.id}`;
  const grade = first.gradeNormalized;
  for (const gradeNormalized of [grade === null || grade >= 99 ? 50 : grade + 1, grade]) {
    await apiCall(url, {
      method: 'PATCH',
      token: candidateToken,
      body: { profileQualification: { gradeNormalized } },
    });
  }
}

afterAll(async () => {
  if (flagged) {
    await correctQualifications();
    const { body } = await apiCall<{ candidate: { reported: boolean } }>(
      `/api/client/opportunities/${opportunityId}/applications/${applicationId}`,
      { token: await apiToken(clientEmail) },
    );
    expect(body.candidate.reported, 'the flag is resolved once the section changed').toBe(false);
  }
  if (documentId) {
    await apiCall(`/api/candidate/documents/${documentId}`, {
      method: 'DELETE',
      token: candidateToken,
    });
  }
  await browser?.close();
});

describe('the application view', () => {
  it('shows the applicant, downloads a document, and the candidate sees who did', async () => {
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, clientEmail);
      await page.goto(`/client/opportunities/${opportunityId}/applications/${applicationId}`);
      await page.getByRole('heading', { level: 1, name: /Thandi/ }).waitFor(wait);
      await page.getByRole('region', { name: 'Eligibility checklist' }).waitFor(wait);
      await page.getByRole('region', { name: 'Phase history' }).waitFor(wait);
      const documents = page.getByRole('region', { name: 'Documents' });
      await documents.getByText(documentName).waitFor(wait);

      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        await shot(page, `application-${size}`);
      }
      await page.setViewportSize(desktop);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        documents.getByRole('button', { name: `Download ${documentName}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(documentName);

      // Blind review: the name gives way to the application's number.
      await page.getByRole('switch', { name: /Blind review/ }).click();
      await page
        .getByRole('heading', { level: 1, name: `Applicant #${applicationId}` })
        .waitFor(wait);
      expect(await page.getByText(documentName).count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, 'application-blind');
    } finally {
      await context.close();
    }

    const candidate = await newPage(browser, desktop);
    try {
      await logIn(candidate.page, candidateEmail);
      await candidate.page.goto('/candidate/account');
      const card = candidate.page.getByRole('region', { name: 'Who downloaded my documents' });
      await card.getByText(documentName).waitFor(wait);
      expect(await card.getByText(/Indlovu Bank/).count()).toBeGreaterThan(0);
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ] as const) {
        await candidate.page.setViewportSize(viewport);
        await candidate.page.waitForLoadState('networkidle');
        await expectNoAxeViolations(candidate.page);
        await shot(candidate.page, `account-downloads-${size}`);
      }
    } finally {
      await candidate.context.close();
    }
  });

  it('flags the qualifications, and the candidate finds the critical item leading to them', async () => {
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, clientEmail);
      await page.goto(`/client/opportunities/${opportunityId}/applications/${applicationId}`);
      await page.getByRole('heading', { level: 1, name: /Thandi/ }).waitFor(wait);
      const actions = page.getByRole('toolbar', { name: 'Actions on this applicant' });
      await actions.getByRole('button', { name: 'Flag an irregularity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Flag an irregularity' });
      await dialog.waitFor(wait);
      // Sent empty, the fields say what they need, beside them.
      await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
      await dialog.getByText('Choose the section of the profile').waitFor(wait);
      await dialog.getByText('Say what is irregular').waitFor(wait);
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ] as const) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page);
        await shot(page, `flag-dialog-${size}`);
      }
      await page.setViewportSize(desktop);

      await dialog.getByLabel('Section of the profile').selectOption({ label: 'Qualifications' });
      await dialog.getByLabel('What is irregular').fill(flagReason);
      await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
      await snackbar(page, 'The candidate was asked to correct that section');
      flagged = true;
      await dialog.waitFor({ state: 'hidden', ...wait });
      await page.getByText('Reported: profile irregularity').waitFor(wait);
      await shot(page, 'application-reported');
    } finally {
      await context.close();
    }

    const candidate = await newPage(browser, desktop);
    try {
      await logIn(candidate.page, candidateEmail);
      const todo = candidate.page.getByRole('region', { name: 'My to do list' });
      const item = todo
        .locator('[data-severity="critical"]')
        .filter({ hasText: 'Fix profile irregularity' })
        .filter({ hasText: flagReason });
      await item.waitFor(wait);
      await item.getByRole('link').click();
      await candidate.page.waitForURL(
        (url) => url.pathname === '/candidate/profile' && url.hash === '#profileQualifications',
        wait,
      );
      await candidate.page.locator('#profileQualifications').waitFor(wait);
    } finally {
      await candidate.context.close();
    }
  });
});
