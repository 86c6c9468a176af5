import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, password, wait, screenshot } from './browser.ts';
import { apiCall, logIn } from './session.ts';

// The pipeline of a workspace in a real browser, as the demo's primary client user: phases
// reordered and still in their new order after a reload, a requirement added with the count of
// candidates it would admit, a citizenship requirement chosen by country name, a qualification
// requirement with a category and an institution found by name (saved, and named again after a
// reload), a screening question added; every tab axe clean at 1280 and 390 px.
// What the test changes in the demo data is put back afterwards.

const email = 'client@demo.test';
const question = `Do you hold a valid work permit? (${Date.now()})`;

let browser: Browser;
let token = '';
let opportunityId = 0;
let originalOrder: number[] = [];
let originalRequirements: unknown[] = [];

type StoredRequirement = { readable: true; criterion: unknown } | { readable: false; id: number };

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await apiCall<T>(path, { ...init, token });
  if (answer.token) token = answer.token;
  return answer.body;
}

interface Phase {
  id: number;
  name: string;
}

const phases = () =>
  api<{ items: Phase[] }>(`/api/client/opportunities/${opportunityId}/phases`).then((r) => r.items);

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

const snackbar = (page: Page, text: string | RegExp) =>
  page.locator('[id^="snackbar-message-"]').filter({ hasText: text }).first().waitFor(wait);

const shot = (page: Page, name: string) =>
  screenshot(page, `client-pipeline/${name}`, { fullPage: true });

beforeAll(async () => {
  browser = await launch();
  await api('/api/auth/login', { method: 'POST', body: { email, password } });
  // An opportunity of the demo client's organization with at least three phases.
  const list = await api<{ items: { id: number; organization: { name: string } }[] }>(
    '/api/opportunities?search=Indlovu&per=50',
  );
  for (const o of list.items.filter((o) => o.organization.name === 'Indlovu Bank')) {
    opportunityId = o.id;
    if ((await phases()).length >= 3) break;
  }
  originalOrder = (await phases()).map((p) => p.id);
  expect(originalOrder.length).toBeGreaterThanOrEqual(3);
  const requirements = await api<{ items: StoredRequirement[] }>(
    `/api/client/opportunities/${opportunityId}/requirements`,
  );
  originalRequirements = requirements.items.map((r) =>
    r.readable ? { criterion: r.criterion } : { id: r.id },
  );
});

afterAll(async () => {
  if (originalOrder.length > 0) {
    await api(`/api/client/opportunities/${opportunityId}/phases/order`, {
      method: 'PUT',
      body: { phaseIds: originalOrder },
    });
  }
  if (opportunityId) {
    await api(`/api/client/opportunities/${opportunityId}/requirements`, {
      method: 'PUT',
      body: { requirements: originalRequirements },
    });
  }
  const questions = await api<{ items: { id: number; prompt: string }[] }>(
    `/api/client/opportunities/${opportunityId}/screening_questions`,
  );
  for (const q of questions.items.filter((q) => q.prompt === question)) {
    await api(`/api/client/opportunities/${opportunityId}/screening_questions/${q.id}`, {
      method: 'DELETE',
    });
  }
  await browser?.close();
});

// The tests of this group are the steps of one sitting on one page, run in order: each starts
// where the one before left off (the requirements the second and third add are saved by the
// third). Run alone, a later step fails; the file as a whole is self-contained.
describe('a workspace pipeline, as the primary client user', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await newPage(browser));
    await logIn(page, email);
    await page.goto(`/client/opportunities/${opportunityId}?tab=phases`);
  });

  it('moves a phase up and finds the new order after a reload', async () => {
    const before = await phases();
    const list = page.getByRole('list', { name: 'Phases in order' });
    await list.getByText(`1. ${before[0]!.name}`).waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'phases-1280');

    await page.getByRole('button', { name: `Move ${before[1]!.name} up` }).click();
    await snackbar(page, `${before[1]!.name} is now phase 1`);
    await page.reload();
    await list.getByText(`1. ${before[1]!.name}`).waitFor(wait);
    await list.getByText(`2. ${before[0]!.name}`).waitFor(wait);
    expect((await phases()).map((p) => p.id)).toEqual([
      before[1]!.id,
      before[0]!.id,
      ...before.slice(2).map((p) => p.id),
    ]);
  });

  it('adds a requirement and sees how many candidates would qualify', async () => {
    await openTab(page, 'Requirements');
    await page.getByRole('button', { name: 'Check how many qualify' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add a requirement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a requirement' });
    await dialog.getByRole('combobox', { name: 'Kind of requirement' }).click();
    await page.getByRole('option', { name: "Driver's licence" }).click();
    await expectNoAxeViolations(page);
    await shot(page, 'criterion-dialog-1280');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const requirements = page.getByRole('list', { name: 'Requirements' });
    await requirements.getByText("Needs a driver's licence").waitFor(wait);

    await page.getByRole('button', { name: 'Check how many qualify' }).click();
    const status = page.getByRole('status').filter({ hasText: 'would qualify' });
    await status.waitFor(wait);
    // The count shown is the API's for the same proposed set.
    const stored = await api<{ items: { criterion: unknown }[] }>(
      `/api/client/opportunities/${opportunityId}/requirements`,
    );
    const expected = await api<{ qualifying: number; completeProfiles: number }>(
      `/api/client/opportunities/${opportunityId}/requirements/preview`,
      {
        method: 'POST',
        body: {
          requirements: [
            ...stored.items.map((r) => ({ criterion: r.criterion })),
            { criterion: { kind: 'drivers_license' } },
          ],
        },
      },
    );
    expect(await status.textContent()).toBe(
      `${expected.qualifying} of ${expected.completeProfiles} candidates with a complete profile would qualify.`,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'requirements-1280');
  });

  it('adds a citizenship requirement by country name', async () => {
    await page.getByRole('button', { name: 'Add a requirement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a requirement' });
    await dialog.getByRole('combobox', { name: 'Kind of requirement' }).click();
    await page.getByRole('option', { name: 'Citizenship' }).click();
    await dialog.getByRole('combobox', { name: 'Citizenship of' }).fill('Namib');
    await page.getByRole('option', { name: 'Namibia' }).click();
    await dialog.getByRole('checkbox', { name: 'Permanent residents also qualify' }).check();
    await expectNoAxeViolations(page);
    await shot(page, 'criterion-citizenship-1280');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page
      .getByRole('list', { name: 'Requirements' })
      .getByText('Needs citizenship or permanent residence of South Africa or Namibia')
      .waitFor(wait);
  });

  it('adds a qualification requirement with a category and an institution, named again after a reload', async () => {
    await page.getByRole('button', { name: 'Add a requirement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a requirement' });
    await dialog.getByRole('combobox', { name: 'Kind of requirement' }).click();
    await page.getByRole('option', { name: 'Qualification', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Commerce', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Institutions' }).fill('Cape Town');
    await page.getByRole('option', { name: 'University of Cape Town, Cape Town' }).click();
    await expectNoAxeViolations(page);
    await shot(page, 'criterion-qualification-1280');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const words = 'Needs a completed qualification in Commerce from University of Cape Town';
    const requirements = page.getByRole('list', { name: 'Requirements' });
    await requirements.getByText(words).waitFor(wait);
    await page.getByRole('button', { name: 'Save requirements' }).click();
    await snackbar(page, 'Requirements saved');

    // The API describes it in the same words and gives the institution's name back.
    await page.reload();
    await openTab(page, 'Requirements');
    await requirements.getByText(words).waitFor(wait);
    await page.getByRole('button', { name: `Change: ${words}` }).click();
    const change = page.getByRole('dialog', { name: 'Change the requirement' });
    await change.getByRole('button', { name: 'University of Cape Town' }).waitFor(wait);
    await change.getByRole('button', { name: 'Commerce' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await change.getByRole('button', { name: 'Cancel' }).click();
    await change.waitFor({ state: 'detached', ...wait });
  });

  it('adds a screening question', async () => {
    await openTab(page, 'Screening questions');
    await page.getByRole('button', { name: 'Add a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByRole('textbox', { name: 'Question' }).fill(question);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await snackbar(page, 'Question added');
    await page
      .getByRole('list', { name: 'Screening questions in order' })
      .getByText(question)
      .waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'questions-1280');
  });
});

describe('on a phone', () => {
  it('every tab is axe clean at 390 px', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await logIn(page, email);
    await page.goto(`/client/opportunities/${opportunityId}?tab=phases`);
    await page.getByRole('list', { name: 'Phases in order' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'phases-390');
    await openTab(page, 'Requirements');
    await page.getByRole('button', { name: 'Check how many qualify' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'requirements-390');
    await page.getByRole('button', { name: 'Add a requirement' }).click();
    await page.getByRole('dialog', { name: 'Add a requirement' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'criterion-dialog-390');
    // The kinds with lists of their own fields.
    for (const [kind, file] of [
      ['Qualification', 'qualification'],
      ['School subjects', 'school-subjects'],
      ['Languages', 'languages'],
      ['Right to work', 'work-rights'],
    ] as const) {
      await page.getByRole('combobox', { name: 'Kind of requirement' }).click();
      await page.getByRole('option', { name: kind }).click();
      await page
        .getByRole('option')
        .first()
        .waitFor({ state: 'detached', ...wait });
      await expectNoAxeViolations(page);
      await shot(page, `criterion-${file}-390`);
    }
    // A category and an institution picked on a phone.
    await page.getByRole('combobox', { name: 'Kind of requirement' }).click();
    await page.getByRole('option', { name: 'Qualification', exact: true }).click();
    await page.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Commerce', exact: true }).click();
    await page.getByRole('combobox', { name: 'Institutions' }).fill('Cape Town');
    const uct = page.getByRole('option', { name: 'University of Cape Town, Cape Town' });
    await uct.waitFor(wait);
    await shot(page, 'criterion-institutions-390');
    await uct.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'University of Cape Town' })
      .waitFor(wait);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...wait });
    await openTab(page, 'Screening questions');
    await page.getByRole('button', { name: 'Add a question' }).waitFor(wait);
    await expectNoAxeViolations(page);
    await shot(page, 'questions-390');
  });
});
