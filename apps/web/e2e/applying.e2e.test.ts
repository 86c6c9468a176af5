import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';

import {
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  password,
  wait,
  screenshot,
} from './browser.ts';
import { apiCall, logIn, snackbar, tinyPdf } from './session.ts';

// The candidate journey of applying and tracking, on a candidate of its own (registered here),
// so the demo candidates other files rely on stay as they are. The candidate meets every
// requirement of the First-Generation Scholarship but its high school certificate: the
// checklist says so, its fix link leads to the upload, and then the candidate qualifies,
// applies for one location, finds the application on the dashboard, moves it to another
// location and withdraws it.

const OPPORTUNITY = 'First-Generation Scholarship';
const QUESTION = 'Tell us about your family and why studying matters to you.';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
let browser: Browser;
const email = `applicant-${Date.now()}@demo.test`;
let opportunityId: number;

/**
 * A new candidate with a school leaver's profile: the matric (70% average) and South African
 * citizenship. Everything the scholarship asks but its document.
 */
async function registerCandidate() {
  const { token } = await apiCall('/api/candidates', {
    method: 'POST',
    body: { email, password, passwordConfirmation: password },
  });
  expect(token).not.toBe('');
  const { body: nsc } = await apiCall<{
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
  await apiCall('/api/candidate/work_rights', {
    method: 'POST',
    token,
    body: { workRight: { countryCode: 'ZA', kind: 'citizen', validUntil: null } },
  });
  await apiCall('/api/candidate/profile', {
    method: 'PATCH',
    token,
    body: { profile: { firstNames: 'Lindiwe', lastName: 'Dube' } },
  });
}

async function findOpportunity(): Promise<number> {
  const { body } = await apiCall<{ items: { id: number; name: string }[] }>(
    `/api/opportunities?search=${encodeURIComponent(OPPORTUNITY)}`,
  );
  const found = body.items.find((o) => o.name === OPPORTUNITY);
  expect(found, OPPORTUNITY).toBeTruthy();
  return found!.id;
}

/** axe at desktop and phone width, with a picture of each when SCREENSHOTS_DIR is set. */
async function checkBothSizes(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await screenshot(page, `applying/${name}-${size}`, { fullPage: true });
  }
  await page.setViewportSize(desktop);
}

beforeAll(async () => {
  browser = await launch();
  await registerCandidate();
  opportunityId = await findOpportunity();
});
afterAll(async () => {
  await browser?.close();
});

describe('applying and tracking an application', () => {
  it('a candidate qualifies by fixing the profile, applies, changes locations and withdraws', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, email);

      // Nothing applied for yet: the dashboard points to the opportunities.
      const applications = page.getByRole('region', { name: 'My applications' });
      await checkBothSizes(page, 'dashboard-empty', () =>
        applications.getByRole('link', { name: 'Find opportunities' }).waitFor(),
      );

      // The opportunity says why the candidate does not qualify, and how to fix it.
      await page.goto(`/opportunities/${opportunityId}`);
      await page.getByText('You do not qualify yet').first().waitFor();
      await page
        .getByText(/Upload a high school certificate/)
        .first()
        .waitFor();
      const fix = page.getByRole('link', { name: 'Upload high school certificate' }).first();
      await fix.click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/candidate/documents' &&
          url.searchParams.get('kind') === 'high_school_certificate',
      );
      await page.getByLabel('High school certificate file').setInputFiles({
        name: 'matric-certificate.pdf',
        mimeType: 'application/pdf',
        buffer: tinyPdf(),
      });
      await snackbar(page, /High school certificate uploaded/);

      // Back on the opportunity: now the candidate qualifies and can apply.
      await page.goBack();
      await page.waitForURL((url) => url.pathname.startsWith(`/opportunities/${opportunityId}`));
      await page.getByText('You qualify').first().waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Apply', exact: true }).click();
      await page.waitForURL(`**/candidate/opportunities/${opportunityId}/apply`);

      const form = page.getByRole('form', { name: 'Apply' });
      await checkBothSizes(page, 'apply', () =>
        page.getByRole('heading', { name: `Apply for ${OPPORTUNITY}` }).waitFor(),
      );

      // The browser says what the server would: a location is needed, the question answered.
      await form.getByRole('button', { name: 'Submit application' }).click();
      await form.getByText(m.locationsRequired).waitFor();
      await form.getByText('Must be answered').waitFor();
      await screenshot(page, 'applying/apply-errors-desktop', { fullPage: true });

      const locations = form.getByRole('group', { name: /Locations/ });
      await locations.getByRole('checkbox', { name: /Johannesburg/ }).check();
      await form
        .getByRole('textbox', { name: QUESTION })
        .fill('I am the first in my family to finish matric; I want to study engineering.');
      await form.getByRole('button', { name: 'Submit application' }).click();
      await snackbar(page, 'Your application was submitted');
      await page.waitForURL(/\/candidate\/applications\/\d+$/);
      const applicationPath = new URL(page.url()).pathname;

      // The application: its status, completion, eligibility and chosen location.
      await page.getByRole('heading', { name: OPPORTUNITY, level: 1 }).waitFor();
      expect(await page.getByTestId('application-status').textContent()).toBe('Applied');
      await expect
        .poll(() => page.getByTestId('application-completion').textContent(), wait)
        .toMatch(/^\d+%$/);
      const chosen = page.getByRole('list', { name: 'Chosen locations' });
      await chosen.getByText(/Johannesburg/).waitFor();
      await checkBothSizes(page, 'application', () =>
        page.getByText('You qualify').first().waitFor(),
      );

      // The dashboard lists it, with its count.
      await page.goto('/dashboard');
      await applications.getByRole('link', { name: new RegExp(OPPORTUNITY) }).waitFor();
      expect(await page.getByTestId('status-count-Applied').textContent()).toBe('Applied 1');
      await checkBothSizes(page, 'dashboard', () =>
        applications.getByRole('list', { name: 'Applications', exact: true }).waitFor(),
      );

      // Change locations: Durban instead of Johannesburg.
      await applications.getByRole('link', { name: new RegExp(OPPORTUNITY) }).click();
      await page.waitForURL(`**${applicationPath}`);
      await page.getByRole('button', { name: 'Change locations' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change locations' });
      await dialog.getByRole('checkbox', { name: /Durban/ }).check();
      await dialog.getByRole('checkbox', { name: /Johannesburg/ }).uncheck();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Save locations' }).click();
      await snackbar(page, m.locationsUpdated);
      await chosen.getByText(/Durban/).waitFor();
      await expect.poll(() => chosen.getByText(/Johannesburg/).count(), wait).toBe(0);

      // Withdraw, after confirming.
      await page.getByRole('button', { name: 'Withdraw application' }).click();
      const confirm = page.getByRole('dialog', { name: 'Withdraw your application?' });
      await confirm.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await snackbar(page, m.archived);
      await page.getByText('You withdrew this application').waitFor();
      expect(await page.getByTestId('application-status').textContent()).toBe('Withdrawn');
      expect(await page.getByRole('button', { name: 'Withdraw application' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Change locations' }).count()).toBe(0);
      await screenshot(page, 'applying/withdrawn-desktop', { fullPage: true });

      // The dashboard counts it as withdrawn now.
      await page.goto('/dashboard');
      await page.getByTestId('status-count-Withdrawn').waitFor();
      expect(await page.getByTestId('status-count-Withdrawn').textContent()).toBe('Withdrawn 1');
      expect(await page.getByTestId('status-count-Applied').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('lists the demo candidate’s applications by status on the dashboard (read only)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByLabel('Email', { exact: true }).fill('thandi@demo.test');
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const applications = page.getByRole('region', { name: 'My applications' });
      await checkBothSizes(page, 'dashboard-thandi', () =>
        applications.getByRole('list', { name: 'Applications', exact: true }).waitFor(),
      );
      expect(await page.getByTestId('status-count-Withdrawn').textContent()).toBe('Withdrawn 1');
      expect(await page.getByTestId('status-count-Unsuccessful').textContent()).toBe(
        'Unsuccessful 1',
      );
      await applications
        .getByRole('link', { name: /Graduate Programme: Technology/ })
        .first()
        .click();
      await page.waitForURL(/\/candidate\/applications\/\d+$/);
      await page
        .getByRole('heading', { name: 'Graduate Programme: Technology', level: 1 })
        .waitFor();
      expect(await page.getByTestId('application-status').textContent()).toBe('Interview');
      await checkBothSizes(page, 'application-thandi', () =>
        page.getByRole('list', { name: 'Chosen locations' }).waitFor(),
      );
    } finally {
      await context.close();
    }
  });

  it('shows another candidate’s application as not found', async () => {
    const { context, page } = await newPage(browser, undefined, {
      expectedErrors: [
        failedRequest(404, '/api/candidate/applications/1', 'the application is not hers'),
      ],
    });
    try {
      await logIn(page, email);
      // The demo data's first application is a demo candidate's, never this one's.
      await page.goto('/candidate/applications/1');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
