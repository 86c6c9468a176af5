import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, expectNoAxeViolations, failedRequest, launch, newPage, wait } from './browser.ts';
import { apiCall, apiToken, logIn, tinyPdf } from './session.ts';

// One applicant as the demo client's primary user sees them: the demo candidate Thandi, who
// applied to one of the client's workspaces. The client opens her application, downloads a
// document she uploaded for this test, and Thandi finds the download on her settings page.
// Blind review hides her name. The page is axe clean at 1280 and 390 px.
// The document the test uploads is removed afterwards; the blind review choice lives in the
// test's own browser context.

const clientEmail = 'client@demo.test';
const candidateEmail = 'thandi@demo.test';
const documentName = `applicant-view-${Date.now()}.pdf`;
const shotsDir = process.env.SCREENSHOTS_DIR ?? '/tmp/applicant-view';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let candidateToken = '';
let documentId = 0;
let opportunityId = 0;
let applicationId = 0;

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
  page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
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

afterAll(async () => {
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
    const { context, page } = await newPage(browser, desktop, {
      expectedErrors: [
        failedRequest(
          404,
          `/api/client/opportunities/${opportunityId}/applications/${applicationId}/events`,
          'an application without a readable history shows "No history yet"',
        ),
      ],
    });
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
});
