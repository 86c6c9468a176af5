import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { filterApplicants } from '@pathways/shared/applicants/applicants.rules';
import type { ApplicantPage, ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';
import { viewFromSearchParams } from '@pathways/shared/applicants/applicants.url';

import { expectNoAxeViolations, launch, newPage, wait, baseUrl, screenshot } from './browser.ts';
import { apiCall, apiToken, logIn, mailed, snackbar, tinyPdf } from './session.ts';

// The tracker in a real browser, as the demo's primary client user, on the demo workspace with
// the most applicants: every row loaded, filtered by distance from a place and by grade (the
// rows shown are exactly those the shared rules keep), two moved to the next phase, one more
// moved and the move undone, one regretted (the candidate then sees it on their applications,
// and the e-mail is in the outbox), the documents of two requested and the zip downloaded from
// the e-mailed link, the dialog and the e-mail saying what it holds and who had nothing; it
// fits a 1280 and a 1024 px laptop and a phone, axe clean.

const email = 'client@demo.test';
let browser: Browser;
let token = '';
let opportunityId = 0;
let opportunityName = '';
let chain: { id: number; name: string }[] = [];

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await apiCall<T>(path, { ...init, token });
  if (answer.token) token = answer.token;
  return answer.body;
}

async function allRows(): Promise<ApplicantRow[]> {
  const rows: ApplicantRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<ApplicantPage>(
      `/api/client/opportunities/${opportunityId}/applications?page=${page}&per=250`,
    );
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= answer.total) return rows;
  }
}

const shot = (page: Page, name: string) =>
  screenshot(page, `client-tracker/${name}`, { fullPage: true });

/** The page itself never scrolls sideways. */
async function fitsWithoutPageScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The blind-review switch (with its label) lies inside the toolbar and on none of the other
 * controls: the search, the sort and the order.
 */
async function toolbarApart(page: Page) {
  const blind = page
    .locator('label')
    .filter({ has: page.getByRole('switch', { name: 'Blind review' }) });
  const switchBox = (await blind.boundingBox())!;
  const toolbar = (await blind.locator('xpath=..').boundingBox())!;
  expect(switchBox.x).toBeGreaterThanOrEqual(toolbar.x);
  expect(switchBox.x + switchBox.width).toBeLessThanOrEqual(toolbar.x + toolbar.width);
  for (const name of ['Search by name', 'Sort by', 'Order']) {
    const control = page
      .getByLabel(name, { exact: true })
      .locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]');
    const box = (await control.boundingBox())!;
    expect(overlap(switchBox, box), `the blind-review switch lies on ${name}`).toBe(false);
  }
}

/** The table's scroll box and the boxes of its column headers, as they are now. */
async function columns(page: Page) {
  const table = page.getByRole('table', { name: 'Applicants' });
  const scroller = (await table.locator('xpath=..').boundingBox())!;
  const headers: [string, Box][] = [];
  for (const header of await table.getByRole('columnheader').all()) {
    headers.push([(await header.textContent()) || 'select all', (await header.boundingBox())!]);
  }
  return { scroller, headers };
}

const trackerPath = () => `/client/opportunities/${opportunityId}/applications`;

/** Waits until every page of applications has arrived and the list is shown. */
async function loaded(page: Page) {
  await page.getByRole('tablist', { name: 'Phases' }).waitFor(wait);
  await expect.poll(() => page.getByText(/Loading applications/).count(), wait).toBe(0);
}

/** "12 of 40 applicants shown here" → 12. */
async function shownCount(page: Page): Promise<number> {
  const text = await page.getByText(/applicants shown here/).textContent();
  return Number(/^([\d\s ]+) of/.exec(text ?? '')?.[1]?.replace(/\D/g, '') ?? NaN);
}

const applicantRows = (page: Page) =>
  page.getByRole('table', { name: 'Applicants' }).locator('tbody tr');

/** Waits until no row of the table shows one of these names (they left the tab). */
async function gone(page: Page, names: string[]) {
  for (const name of names) {
    await expect.poll(() => page.locator(`tbody tr[aria-label="${name}"]`).count(), wait).toBe(0);
  }
}

async function chooseRows(page: Page, count: number, skip = 0) {
  const rows = applicantRows(page);
  const names: string[] = [];
  for (let i = skip; i < skip + count; i++) {
    const row = rows.nth(i);
    names.push((await row.getAttribute('aria-label')) ?? '');
    await row.getByRole('checkbox').check();
  }
  return names;
}

const idsNamed = async (names: string[]) => {
  const rows = await allRows();
  return names.map((name) => {
    const row = rows.find(
      (r) => [r.profile.firstName, r.profile.lastName].filter(Boolean).join(' ') === name,
    );
    if (!row) throw new Error(`no row named ${name}`);
    return row;
  });
};

beforeAll(async () => {
  browser = await launch();
  await api('/api/auth/login', { method: 'POST', body: { email, password: 'demo-password' } });
  // The demo client's workspace with the most applicants in its phases.
  const list = await api<{
    items: { id: number; name: string; phases: { count: number }[] }[];
  }>('/api/client/opportunities');
  const busiest = [...list.items].sort(
    (a, b) => b.phases.reduce((n, p) => n + p.count, 0) - a.phases.reduce((n, p) => n + p.count, 0),
  )[0]!;
  opportunityId = busiest.id;
  opportunityName = busiest.name;
  chain = (
    await api<{ items: { id: number; name: string; order: number }[] }>(
      `/api/client/opportunities/${opportunityId}/phases`,
    )
  ).items.sort((a, b) => a.order - b.order);
});

afterAll(async () => {
  await browser?.close();
});

describe('the tracker', () => {
  it('filters by distance and grade exactly as the shared rules do', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, email);
      await page.goto(trackerPath());
      await loaded(page);
      const rows = await allRows();
      expect(rows.length).toBeGreaterThanOrEqual(40);
      await shot(page, 'tracker-1280');
      await expectNoAxeViolations(page);

      // Grade above 50: the lower thumb moved right with the keyboard, 5 a step.
      const lowest = page.getByRole('slider', { name: 'Lowest grade' });
      await lowest.focus();
      for (let i = 0; i < 10; i++) await lowest.press('ArrowRight');
      await page.waitForURL(/grade=50%2C100|grade=50,100/);

      // Within 300 km of Johannesburg.
      await page.getByLabel('Near a place').fill('Johannesburg');
      await page
        .getByRole('option', { name: /^Johannesburg/ })
        .first()
        .click();
      // The place is in the address (and its chip shown) before the distance is typed.
      await page.waitForURL(/location=/);
      const km = page.getByLabel('Within (km)');
      await km.fill('300');
      await km.press('Enter');
      await page.waitForURL(/distance=300/);
      await expect
        .poll(() => page.getByText(/Within 300 km of Johannesburg/).count(), wait)
        .toBe(1);

      // The rows shown in the first phase are those the shared filter keeps, in that phase.
      const view = viewFromSearchParams(new URL(page.url()).searchParams);
      expect(view.filters.grade).toEqual({ min: 50, max: 100 });
      const kept = filterApplicants(rows, view.filters, new Date()).filter(
        (r) => !r.archivedAt && !r.regrettedAt && (r.phaseId ?? chain[0]!.id) === chain[0]!.id,
      );
      await expect.poll(() => shownCount(page), wait).toBe(kept.length);
      expect(kept.length).toBeLessThan(
        rows.filter((r) => !r.archivedAt && !r.regrettedAt && r.phaseId === chain[0]!.id).length,
      );
      await shot(page, 'tracker-filtered-1280');

      // The view is in the address: a reload shows the same.
      await page.reload();
      await loaded(page);
      expect(await shownCount(page)).toBe(kept.length);
    } finally {
      await context.close();
    }
  });

  it('moves two to the next phase, undoes a move and regrets one', async () => {
    const { context, page } = await newPage(browser);
    const [first, next] = chain;
    try {
      await logIn(page, email);
      await page.goto(`${trackerPath()}?phase=${first!.id}`);
      await loaded(page);

      // Two moved to the next phase.
      const movedNames = await chooseRows(page, 2);
      await page.getByRole('button', { name: 'Move to phase' }).click();
      await page.getByRole('menuitem', { name: next!.name, exact: true }).click();
      await snackbar(page, `2 applications moved to ${next!.name}`);
      await gone(page, movedNames);
      const moved = await idsNamed(movedNames);
      expect(moved.map((r) => r.phaseId)).toEqual([next!.id, next!.id]);

      // One more moved, and the move undone from the snackbar: it is back where it was.
      const [undoneName] = await chooseRows(page, 1);
      await page.getByRole('button', { name: 'Move to phase' }).click();
      await page.getByRole('menuitem', { name: next!.name, exact: true }).click();
      await snackbar(page, `Moved to ${next!.name}`);
      await gone(page, [undoneName!]);
      await page
        .locator('.notistack-MuiContent')
        .filter({ hasText: new RegExp(`^Moved to ${next!.name}`) })
        .getByRole('button', { name: 'Undo' })
        .click();
      await snackbar(page, 'The move was undone');
      await expect
        .poll(() => page.locator(`tbody tr[aria-label="${undoneName}"]`).count(), wait)
        .toBe(1);
      const [undone] = await idsNamed([undoneName!]);
      expect(undone!.phaseId).toBe(first!.id);

      // One regretted, after the warning that the candidate will be told.
      const [regrettedName] = await chooseRows(page, 1);
      await page.getByRole('button', { name: 'Regret', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Regret 1 applicant?' });
      await expect.poll(() => dialog.textContent(), wait).toContain('will be told');
      await dialog.getByRole('button', { name: 'Regret and tell them' }).click();
      await snackbar(page, 'Application regretted');
      await gone(page, [regrettedName!]);
      const [regretted] = await idsNamed([regrettedName!]);
      expect(regretted!.regrettedAt).not.toBeNull();

      // The regret e-mail went to the candidate, who sees the application as unsuccessful.
      const regretMail = await mailed(
        (m) =>
          m.subject === `Your application for ${opportunityName}` &&
          m.text.includes('not to take your application further'),
      );
      const candidate = await newPage(browser);
      try {
        await logIn(candidate.page, regretMail.to);
        await candidate.page.goto('/dashboard');
        const mine = candidate.page
          .getByRole('list', { name: 'Applications' })
          .getByRole('listitem')
          .filter({ hasText: opportunityName });
        await expect.poll(() => mine.textContent(), wait).toContain('Unsuccessful');
        // The closed door points to open ones: the application's page lists the open
        // opportunities the candidate qualifies for when the e-mail named any, and none otherwise.
        await mine.getByRole('link').first().click();
        await candidate.page.getByText('did not take your application further').waitFor(wait);
        const qualifying = candidate.page.getByRole('region', {
          name: 'Open opportunities you qualify for now',
        });
        if (regretMail.text.includes('open now that you qualify for')) {
          await expect.poll(() => qualifying.getByRole('article').count(), wait).toBeGreaterThan(0);
        } else {
          expect(await qualifying.count()).toBe(0);
        }
      } finally {
        await candidate.context.close();
      }

      // Put the moved applications back where the demo had them.
      for (const row of moved) {
        await api(`/api/client/opportunities/${opportunityId}/applications/${row.id}/events`, {
          method: 'POST',
          body: { phaseId: first!.id },
        });
      }
    } finally {
      await context.close();
    }
  });

  it('confirms a rating, keeps it when the same star is chosen again, and clears only on purpose', async () => {
    const { context, page } = await newPage(browser);
    const ratingOf = async (id: number) =>
      (await allRows()).find((r) => r.id === id)!.applicationRating;
    let rated: ApplicantRow | undefined;
    try {
      await logIn(page, email);
      await page.goto(trackerPath());
      await loaded(page);
      const row = applicantRows(page).first();
      const name = (await row.getAttribute('aria-label'))!;
      [rated] = await idsNamed([name]);
      const stars = row.getByRole('radio', { name: '3 stars' });
      // A star is chosen by clicking it: its label (the radio itself is hidden under it).
      const star = row.locator('label', { has: page.getByText('3 stars', { exact: true }) });
      await star.click();
      await snackbar(page, 'Rating saved: 3 stars');
      await expect.poll(() => ratingOf(rated!.id), wait).toBe(3);

      // The same star again keeps the rating.
      await star.click();
      expect(await stars.isChecked()).toBe(true);
      expect(await ratingOf(rated!.id)).toBe(3);

      // Clearing is its own control, confirmed, and undone from the snackbar.
      await row.getByRole('button', { name: `Clear the rating of ${name}` }).click();
      await snackbar(page, 'Rating cleared');
      await expect.poll(() => ratingOf(rated!.id), wait).toBeNull();
      await shot(page, 'tracker-rating-cleared');
      await page
        .locator('.notistack-MuiContent')
        .filter({ hasText: /^Rating cleared/ })
        .getByRole('button', { name: 'Undo' })
        .click();
      await expect.poll(() => ratingOf(rated!.id), wait).toBe(3);
      expect(await stars.isChecked()).toBe(true);
    } finally {
      await context.close();
      // The demo's rating as it was.
      if (rated) {
        await api(`/api/client/opportunities/${opportunityId}/applications/${rated.id}/rating`, {
          method: 'PATCH',
          body: { rating: rated.applicationRating },
        });
      }
    }
  });

  it('says what a document bundle holds and who had nothing, in the dialog, the e-mail and the zip', async () => {
    // Thandi's application to one of the demo client's workspaces, and a transcript of hers.
    const candidateToken = await apiToken('thandi@demo.test');
    const mine = await apiCall<{ items: { id: number; opportunity: { id: number } }[] }>(
      '/api/candidate/applications?per=100',
      { token: candidateToken },
    );
    const managed = await api<{ items: { id: number; name: string }[] }>(
      '/api/client/opportunities?all=true',
    );
    const application = mine.body.items.find((a) =>
      managed.items.some((w) => w.id === a.opportunity.id),
    )!;
    expect(application, "an application of Thandi's to the demo client").toBeTruthy();
    const workspace = managed.items.find((w) => w.id === application.opportunity.id)!;
    const form = new FormData();
    form.append('kind', 'transcript');
    form.append(
      'file',
      new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }),
      'marks.pdf',
    );
    const upload = await fetch(`${baseUrl()}/api/candidate/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${candidateToken}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const documentId = ((await upload.json()) as { id: number }).id;

    const { context, page } = await newPage(browser);
    try {
      // Her row and another in the same tab (the demo's other applicants have no documents).
      const rows = (
        await api<ApplicantPage>(
          `/api/client/opportunities/${workspace.id}/applications?page=1&per=250`,
        )
      ).items;
      const hers = rows.find((r) => r.id === application.id)!;
      const tabOf = (r: ApplicantRow) =>
        r.archivedAt ? 'withdrawn' : r.regrettedAt ? 'regretted' : String(r.phaseId ?? '');
      const fullName = (r: ApplicantRow) =>
        [r.profile.firstName, r.profile.lastName].filter(Boolean).join(' ');
      const other = rows.find((r) => r.id !== hers.id && tabOf(r) === tabOf(hers))!;
      expect(other, 'another applicant in her tab').toBeTruthy();

      await logIn(page, email);
      const tab = tabOf(hers) ? `?phase=${tabOf(hers)}` : '';
      await page.goto(`/client/opportunities/${workspace.id}/applications${tab}`);
      await loaded(page);
      for (const row of [hers, other]) {
        await page
          .locator(`tbody tr[aria-label="${fullName(row)}"]`)
          .getByRole('checkbox')
          .check();
      }
      await page.getByRole('button', { name: 'Request documents' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request documents' });
      const holds = dialog.getByRole('status', { name: 'What the bundle will hold' });
      await expect
        .poll(() => holds.textContent(), wait)
        .toBe(
          `The bundle will hold 1 document from 1 of 2 applicants. No documents of the chosen kinds from ${fullName(other)}.`,
        );
      await shot(page, 'tracker-bundle-contents');
      await expectNoAxeViolations(page);

      // A kind neither has: nothing to bundle, said before any bundle is built.
      for (const kind of ['Identity document', 'Transcript', 'High school certificate', 'Other']) {
        await dialog.getByRole('checkbox', { name: kind }).uncheck();
      }
      await dialog
        .getByText('None of these applicants has a document of the chosen kinds')
        .waitFor(wait);
      expect(await dialog.getByRole('button', { name: 'Request bundle' }).isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: 'Transcript' }).check();
      await expect.poll(() => holds.textContent(), wait).toContain('1 document from 1 of 2');
      await dialog.getByRole('button', { name: 'Request bundle' }).click();
      await snackbar(page, /Document bundle has been queued/);

      // The e-mail says the same, and the zip lists each applicant's files and who had none.
      const ready = await mailed(
        (m) =>
          m.to === email &&
          m.subject === `Your document bundle for ${workspace.name} is ready` &&
          m.text.includes(fullName(other)),
      );
      expect(ready.text).toContain('1 document from 1 of 2 applicants');
      expect(ready.text).toContain(`No documents of the chosen kinds from ${fullName(other)}.`);
      const link = /https?:\/\/\S+/.exec(ready.text.split('Download the documents')[1] ?? '')?.[0];
      const zip = await fetch(link!);
      expect(zip.status).toBe(200);
      const bytes = Buffer.from(await zip.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // "PK", a zip file
      // The list is stored as it is (not deflated), so its lines are in the zip's bytes.
      const text = bytes.toString('utf8');
      expect(text).toContain('Contents.txt');
      expect(text).toContain('1 document from 1 of 2 applicants.');
      expect(text).toMatch(
        new RegExp(`: ${hers.profile.lastName}[^\\r]*/\\r\\n  Transcript - marks\\.pdf`),
      );
      expect(text).toContain(`${fullName(other)}: `);
      expect(text).toMatch(/\/\r\n {2}\(no documents of the chosen kinds\)/);
    } finally {
      await context.close();
      await apiCall(`/api/candidate/documents/${documentId}`, {
        method: 'DELETE',
        token: candidateToken,
      });
    }
  });

  for (const width of [1280, 1024]) {
    it(`fits a ${width} px laptop: every column, tab and control in sight, none on another`, async () => {
      const { context, page } = await newPage(browser, { width, height: 800 });
      try {
        await logIn(page, email);
        await page.goto(trackerPath());
        await loaded(page);
        await shot(page, `tracker-${width}-layout`);
        await fitsWithoutPageScroll(page, width);
        await toolbarApart(page);

        // Every phase tab is in sight, the last one too.
        const tabs = page.getByRole('tablist', { name: 'Phases' });
        const tabsBox = (await tabs.boundingBox())!;
        for (const tab of await tabs.getByRole('tab').all()) {
          const box = (await tab.boundingBox())!;
          const label = (await tab.textContent()) ?? '';
          expect(box.x, label).toBeGreaterThanOrEqual(tabsBox.x);
          expect(box.x + box.width, label).toBeLessThanOrEqual(tabsBox.x + tabsBox.width);
        }

        // Every column is in sight without scrolling the table, the last one too.
        const { scroller, headers } = await columns(page);
        for (const [name, box] of headers) {
          expect(box.x, name).toBeGreaterThanOrEqual(scroller.x);
          expect(box.x + box.width, name).toBeLessThanOrEqual(scroller.x + scroller.width);
        }
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }

  it('fits a phone: the table scrolls in its own box and the filters are a drawer', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await logIn(page, email);
      await page.goto(trackerPath());
      await loaded(page);
      await fitsWithoutPageScroll(page, 390);
      await shot(page, 'tracker-390');
      await expectNoAxeViolations(page);
      await toolbarApart(page);

      // The columns that matter come first, in sight; the last is reached by scrolling the
      // table's own box, while the page stays put.
      const before = await columns(page);
      const [, applicant] = before.headers.find(([name]) => name === 'Applicant')!;
      expect(applicant.x + applicant.width).toBeLessThanOrEqual(
        before.scroller.x + before.scroller.width,
      );
      await page
        .getByRole('table', { name: 'Applicants' })
        .locator('xpath=..')
        .evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
      const after = await columns(page);
      const [, applied] = after.headers.find(([name]) => name === 'Applied')!;
      expect(applied.x).toBeGreaterThanOrEqual(after.scroller.x);
      expect(applied.x + applied.width).toBeLessThanOrEqual(
        after.scroller.x + after.scroller.width + 1,
      );
      await fitsWithoutPageScroll(page, 390);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);

      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('slider', { name: 'Lowest grade' }).waitFor(wait);
      await shot(page, 'tracker-filters-390');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Show applicants' }).click();

      await page.getByRole('switch', { name: 'Blind review' }).check();
      await expect
        .poll(() => applicantRows(page).first().getAttribute('aria-label'), wait)
        .toMatch(/^Applicant #\d+$/);
    } finally {
      await context.close();
    }
  });
});
