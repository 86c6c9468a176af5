import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApplicationList } from '@pathways/shared/applications/applications.schemas';
import type {
  EligibilityDetail,
  EligibilityList,
} from '@pathways/shared/eligibility/eligibility.schemas';
import { opportunityPagePath } from '@pathways/shared/opportunities/job-posting';
import type {
  OpportunityDetail,
  OpportunityList,
} from '@pathways/shared/opportunities/opportunities.schemas';

import {
  baseUrl,
  expectNoAxeViolations,
  failedRequest,
  interactive,
  launch,
  newPage,
  wait,
} from './browser.ts';
import { apiGet, apiToken, logIn } from './session.ts';

// The opportunity page: what a guest sees, the canonical address, the
// JobPosting for search engines, and a candidate's eligibility with the links that fix it.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The first of these opportunities that is open and not applied for; the test needs one. */
async function firstOpen(
  eligibilities: EligibilityList,
  applications: ApplicationList,
): Promise<EligibilityList['items'][number]['opportunity']> {
  const applied = new Set(applications.items.map((a) => a.opportunity.id));
  for (const { opportunity } of eligibilities.items) {
    if (applied.has(opportunity.id)) continue;
    const detail = await apiGet<OpportunityDetail>(`/api/opportunities/${opportunity.id}`);
    if (detail.isOpen) return opportunity;
  }
  throw new Error('the demo data has no open opportunity of these that thandi has not applied for');
}

/** Axe at the desktop and the phone width, ending at the desktop width. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(desktop);
}

describe('the opportunity page for a guest', () => {
  it('shows a job with its organization, requirements and JobPosting, at its canonical address', async () => {
    const list = await apiGet<OpportunityList>('/api/opportunities?per=1&kind=job');
    const first = list.items[0]!;
    const job = await apiGet<OpportunityDetail>(`/api/opportunities/${first.id}`);
    const canonical = opportunityPagePath(job.id, job.name);
    expect(canonical).not.toBe(`/opportunities/${job.id}`);

    // Before any script runs, the server's page already names the job and carries its posting.
    const served = await (await fetch(`${baseUrl()}/opportunities/${job.id}`)).text();
    expect(served).toContain('"@type":"JobPosting"');
    expect(served).toContain(`<link rel="canonical" href="`);

    const { context, page } = await newPage(browser);
    try {
      // The bare address is replaced by the canonical one.
      await page.goto(`/opportunities/${job.id}`);
      await page.waitForURL((url) => url.pathname === canonical, wait);

      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), wait)
        .toBe(job.name);
      await expect.poll(() => page.title(), wait).toBe(`${job.name} · Pathways`);
      expect(await page.getByRole('link', { name: job.organization.name }).count()).toBe(1);

      const requirements = page.getByRole('region', { name: 'Requirements' });
      const shown = await requirements.getByRole('listitem').allTextContents();
      expect(shown).toEqual(job.requirements.map((r) => r.description));
      expect(job.requirements.length).toBeGreaterThan(0);
      await requirements
        .getByRole('button', { name: 'Sign up to see whether you qualify' })
        .waitFor();

      // The page's own copy replaces the server's: one JobPosting.
      const jsonLd = page.locator('script[type="application/ld+json"]');
      await expect.poll(() => jsonLd.count(), wait).toBe(1);
      const posting = JSON.parse((await jsonLd.textContent()) ?? '') as Record<string, unknown>;
      expect(posting['@context']).toBe('https://schema.org');
      expect(posting['@type']).toBe('JobPosting');
      expect(posting.title).toBe(job.name);

      await expectAccessibleAtBothWidths(page);
    } finally {
      await context.close();
    }
  });

  it('replaces an outdated name in the address instead of adding a history entry', async () => {
    const list = await apiGet<OpportunityList>('/api/opportunities?per=1&kind=bursary');
    const bursary = list.items[0]!;
    const canonical = opportunityPagePath(bursary.id, bursary.name);
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/employers');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await interactive(page);
      // In-app navigation, as a link elsewhere would do it.
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/opportunities/${bursary.id}/an-old-name`);
      await page.waitForURL((url) => url.pathname === canonical, wait);
      await page.getByRole('heading', { level: 1, name: bursary.name }).waitFor();
      // No JobPosting for a bursary: search engines take the markup for jobs only.
      expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/employers', wait);
    } finally {
      await context.close();
    }
  });

  it('renders the page of the address afresh when it changed before the scripts started', async () => {
    const list = await apiGet<OpportunityList>('/api/opportunities?per=1&kind=bursary');
    const bursary = list.items[0]!;
    const { context, page } = await newPage(browser);
    try {
      // The scripts are held back until the address has moved away from the rendered page.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/employers', { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
      }, `/opportunities/${bursary.id}/an-old-name`);
      release();
      await interactive(page);
      await page.waitForURL(
        (url) => url.pathname === opportunityPagePath(bursary.id, bursary.name),
        wait,
      );
      await page.getByRole('heading', { level: 1, name: bursary.name }).waitFor(wait);
    } finally {
      await context.close();
    }
  });

  it('shows the not-found page for an opportunity that does not exist', async () => {
    const { context, page } = await newPage(browser, undefined, {
      expectedErrors: [
        failedRequest(404, '/api/opportunities/999999', 'there is no such one'),
        failedRequest(404, '/opportunities/999999/nothing', 'the page answers not found'),
      ],
    });
    try {
      const response = await page.goto('/opportunities/999999/nothing');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the opportunity page for a candidate', () => {
  it('thandi sees "You qualify" where she qualifies, and can apply', async () => {
    // The demo data has open opportunities thandi qualifies for and has not applied for.
    const token = await apiToken('thandi@demo.test');
    const [eligible, applications] = await Promise.all([
      apiGet<EligibilityList>('/api/candidate/eligibilities?eligible=true', token),
      apiGet<ApplicationList>('/api/candidate/applications?per=100', token),
    ]);
    const target = await firstOpen(eligible, applications);

    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'thandi@demo.test');
      await page.goto(opportunityPagePath(target.id, target.name));
      const section = page.getByRole('region', { name: 'Do you qualify?' });
      await section.getByText('You qualify', { exact: true }).waitFor(wait);
      expect(await section.getByRole('list', { name: 'What is missing' }).count()).toBe(0);
      const apply = page.getByRole('link', { name: 'Apply', exact: true });
      await apply.waitFor(wait);
      expect(await apply.getAttribute('href')).toBe(`/candidate/opportunities/${target.id}/apply`);
      await expectAccessibleAtBothWidths(page);
    } finally {
      await context.close();
    }
  });

  it('thandi sees what is missing where she does not qualify, fixes it and comes back to a new check', async () => {
    // The demo data has open opportunities thandi has not applied for and does not qualify for,
    // with a criterion her profile can fix.
    const token = await apiToken('thandi@demo.test');
    const [notEligible, applications] = await Promise.all([
      apiGet<EligibilityList>('/api/candidate/eligibilities?eligible=false', token),
      apiGet<ApplicationList>('/api/candidate/applications?per=100', token),
    ]);
    const applied = new Set(applications.items.map((a) => a.opportunity.id));
    let found: {
      detail: EligibilityDetail;
      action: { label: string; resolutionPath: string };
    } | null = null;
    for (const item of notEligible.items) {
      if (applied.has(item.opportunity.id)) continue;
      const { isOpen } = await apiGet<OpportunityDetail>(
        `/api/opportunities/${item.opportunity.id}`,
      );
      if (!isOpen) continue;
      const detail = await apiGet<EligibilityDetail>(
        `/api/candidate/opportunities/${item.opportunity.id}/eligibility`,
        token,
      );
      const fixable = detail.criteria.find((c) => c.status !== 'met' && c.action);
      if (fixable?.action) {
        found = { detail, action: fixable.action };
        break;
      }
    }
    expect(found, 'an open opportunity thandi does not qualify for, with a fix').not.toBeNull();
    const { detail, action } = found!;

    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'thandi@demo.test');
      const checks: string[] = [];
      page.on('request', (request) => {
        if (
          request
            .url()
            .endsWith(`/api/candidate/opportunities/${detail.opportunity.id}/eligibility`)
        ) {
          checks.push(request.url());
        }
      });
      await page.goto(opportunityPagePath(detail.opportunity.id, detail.opportunity.name));
      const section = page.getByRole('region', { name: 'Do you qualify?' });
      const missing = section.getByRole('list', { name: 'What is missing' });
      await missing.waitFor(wait);
      expect(await section.getByText('You qualify', { exact: true }).count()).toBe(0);
      const unmet = detail.criteria.filter((c) => c.status !== 'met');
      expect(await missing.getByRole('listitem').count()).toBe(unmet.length);
      const fix = missing.getByRole('link', { name: action.label }).first();
      expect(await fix.getAttribute('href')).toBe(action.resolutionPath);

      // She may still apply; the page says that applicants who qualify come first.
      await page
        .getByText('You can still apply, but applicants who qualify are considered first.', {
          exact: false,
        })
        .waitFor(wait);

      await expectAccessibleAtBothWidths(page);
      expect(checks).toHaveLength(1);

      // Off to the exact place that fixes it, then back: the check runs again.
      await fix.click();
      const target = new URL(action.resolutionPath, baseUrl());
      await page.waitForURL((url) => url.pathname === target.pathname, wait);
      // The page there has rendered (the opportunity page is gone), then back.
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), wait)
        .not.toBe(detail.opportunity.name);
      await page.goBack();
      await missing.waitFor(wait);
      await expect.poll(() => checks.length, wait).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('thandi sees "View my application" on an opportunity she applied for', async () => {
    const token = await apiToken('thandi@demo.test');
    const applications = await apiGet<ApplicationList>(
      '/api/candidate/applications?per=100',
      token,
    );
    const mine = applications.items[0]!;
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'thandi@demo.test');
      await page.goto(opportunityPagePath(mine.opportunity.id, mine.opportunity.name));
      const view = page.getByRole('link', { name: 'View my application' });
      await view.waitFor(wait);
      expect(await view.getAttribute('href')).toBe(`/candidate/applications/${mine.id}`);
    } finally {
      await context.close();
    }
  });
});
