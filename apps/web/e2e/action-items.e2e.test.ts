import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  computeActionItems,
  emptyProfileFacts,
} from '@pathways/shared/action-items/action-items.rules';
import {
  actionKinds,
  type ActionItem,
  type ActionKind,
} from '@pathways/shared/action-items/action-items.schemas';
import { financialSurveyMessages } from '@pathways/shared/financial-surveys/financial-surveys.schemas';

import { expectNoAxeViolations, launch, newPage, password, wait, screenshot } from './browser.ts';
import { apiCall, logIn } from './session.ts';

// Every to-do item leads to a place where the candidate can resolve it. A candidate of its
// own (registered here) has a matric without subjects, a bursary application and a
// scholarship application with screening questions: the to-do list the API gives it holds most
// kinds of item; the rest (an irregular profile, studies in progress) are made by the same
// shared rules for this candidate's own applications. Each item's link is followed in the
// browser and the control that resolves it is found there. The financial needs survey is then
// filled in: its item leaves the list and the application's completion rises.

const BURSARY = 'Nursing Bursary';
const SCHOLARSHIP = 'First-Generation Scholarship';
/** Where the survey's pictures go, to be looked at. */
let browser: Browser;
const email = `todo-${Date.now()}@demo.test`;
let token = '';
let bursaryApplicationId = 0;
let scholarship = { id: 0, applicationId: 0 };

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await apiCall<T>(path, { ...init, token });
  if (answer.token) token = answer.token;
  return answer.body;
}

async function opportunityNamed(name: string) {
  const list = await api<{ items: { id: number; name: string }[] }>(
    `/api/opportunities?search=${encodeURIComponent(name)}`,
  );
  const found = list.items.find((o) => o.name === name);
  expect(found, name).toBeTruthy();
  return api<{ id: number; locations: { id: number }[] }>(`/api/opportunities/${found!.id}`);
}

async function setUp() {
  await api('/api/candidates', {
    method: 'POST',
    body: { email, password, passwordConfirmation: password },
  });
  const nsc = await api<{
    items: {
      id: number;
      qualificationType: { id: number };
      qualificationCategory: { id: number } | null;
    }[];
  }>(`/api/qualifications?search=${encodeURIComponent('National Senior Certificate')}`);
  const matric = nsc.items[0]!;
  await api('/api/candidate/profile_qualifications', {
    method: 'POST',
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

  const bursary = await opportunityNamed(BURSARY);
  bursaryApplicationId = (
    await api<{ id: number }>(`/api/candidate/opportunities/${bursary.id}/apply`, {
      method: 'POST',
      body: { locations: [bursary.locations[0]!.id] },
    })
  ).id;

  const fgs = await opportunityNamed(SCHOLARSHIP);
  const questions = await api<{ items: { id: number }[] }>(
    `/api/candidate/opportunities/${fgs.id}/screening_questions`,
  );
  expect(questions.items.length).toBeGreaterThan(0);
  const applied = await api<{ id: number }>(`/api/candidate/opportunities/${fgs.id}/apply`, {
    method: 'POST',
    body: {
      locations: [fgs.locations[0]!.id],
      answers: questions.items.map((q) => ({ questionId: q.id, answer: 'My family.' })),
    },
  });
  scholarship = { id: fgs.id, applicationId: applied.id };
}

/**
 * One item of every kind: the candidate's own to-do list first, then what the shared rules
 * raise for a profile with an error and studies in progress, and a scholarship application
 * with a question left open, on this candidate's own applications.
 */
async function oneItemOfEachKind(): Promise<Map<ActionKind, ActionItem>> {
  const own = (await api<{ items: ActionItem[] }>('/api/candidate/action_items')).items;
  const made = computeActionItems({
    now: new Date(),
    avatar: null,
    profile: {
      ...emptyProfileFacts,
      errors: { firstNames: ['is not a name'] },
      qualifications: [
        {
          id: 1,
          status: 'current',
          startsAt: '2025-02-01',
          endsAt: null,
          institutionKind: 'university',
          typeName: 'Bachelor',
          categoryName: 'Degree',
          componentCount: 0,
        },
      ],
    },
    user: { confirmationSentAt: new Date(), confirmedAt: null, isSuspended: false },
    documentKinds: new Set(),
    applications: [
      {
        id: scholarship.applicationId,
        opportunity: { id: scholarship.id, name: SCHOLARSHIP, kind: 'scholarship' },
        unansweredRequiredQuestions: 1,
        financialSurveySubmitted: false,
      },
    ],
  });
  const byKind = new Map<ActionKind, ActionItem>();
  for (const item of [...own, ...made]) if (!byKind.has(item.kind)) byKind.set(item.kind, item);
  return byKind;
}

const CONTROLS =
  'input:not([type="hidden"]), textarea, select, button, [role="combobox"], [role="spinbutton"]';

/** The element the link's anchor names: it exists and is, or holds, a control. */
async function anchoredControl(page: Page, anchor: string): Promise<Locator> {
  const target = page.locator(`[id="${anchor}"]`);
  await target.first().waitFor({ state: 'attached', ...wait });
  const isControl = await target.first().evaluate((el, controls) => el.matches(controls), CONTROLS);
  return isControl ? target.first() : target.first().locator(CONTROLS).first();
}

/** Where the item's link leads, and the control found there that resolves it. */
async function controlFor(page: Page, item: ActionItem): Promise<Locator> {
  const url = new URL(item.resolutionPath, 'http://x');
  await page.goto(item.resolutionPath);
  await page.waitForURL((u) => u.pathname === url.pathname, wait);
  if (url.hash) return anchoredControl(page, decodeURIComponent(url.hash.slice(1)));
  switch (item.kind) {
    case 'identity_document':
    case 'proof_of_registration':
    case 'transcript':
    case 'high_school_certificate':
      // The documents page with the kind asked for: its card has the upload button.
      return page
        .locator(`#document-${url.searchParams.get('kind')}`)
        .getByRole('button')
        .first();
    case 'avatar':
      return page.locator('#avatar');
    case 'email_confirmation':
      return page.getByRole('button', { name: 'Resend' });
    case 'screening_questions':
      // The apply page of the opportunity, changing the application: the question's answer.
      return page
        .getByRole('form', { name: 'Update your application' })
        .getByRole('textbox')
        .first();
    default:
      throw new Error(`${item.kind}: ${item.resolutionPath} names no place on its page`);
  }
}

async function completion(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Application completion' });
  await bar.waitFor(wait);
  return Number(await bar.getAttribute('aria-valuenow'));
}

beforeAll(async () => {
  browser = await launch();
  await setUp();
});
afterAll(async () => {
  await browser?.close();
});

describe('the to-do list', () => {
  it('leads every kind of item to the control that resolves it', async () => {
    const items = await oneItemOfEachKind();
    expect([...items.keys()].sort()).toEqual([...actionKinds].sort());
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, email);
      const unreachable: string[] = [];
      for (const item of items.values()) {
        try {
          const control = await controlFor(page, item);
          await control.waitFor({ state: 'attached', ...wait });
          expect(await control.count(), item.kind).toBe(1);
        } catch (error) {
          unreachable.push(
            `${item.kind} (${item.resolutionPath}): ${(error as Error).message.split('\n')[0]}`,
          );
        }
      }
      expect(unreachable).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the financial needs survey is filled in where its item leads, and the item goes', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, email);
      const todo = page.getByRole('region', { name: 'My to do list' });
      const link = todo.getByRole('link', { name: /Submit financial needs survey/ });
      await link.waitFor(wait);
      await link.click();
      await page.waitForURL(
        (url) =>
          url.pathname === `/candidate/applications/${bursaryApplicationId}` &&
          url.hash === '#financial-survey',
      );
      const section = page.locator('#financial-survey');
      await section.getByRole('button', { name: 'Submit survey' }).waitFor(wait);
      const before = await completion(page);

      for (const [size, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 800 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `action-items/financial-survey-empty-${size}`, { fullPage: true });
      }

      await section.getByLabel('People in your household').fill('5');
      await section.getByLabel('People who depend on you').fill('2');
      await section.getByLabel('Monthly household income').selectOption('up_to_5000');
      await section.getByRole('checkbox', { name: 'My parents or guardians' }).check();
      await section.getByRole('button', { name: 'Add a bursary or loan' }).click();
      await section.getByLabel('Name').fill('NSFAS');
      await section.getByLabel('Status').selectOption('applied');
      await section
        .getByLabel('Why do you need this bursary?')
        .fill('My mother supports five of us on one salary.');
      for (const [size, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 800 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `action-items/financial-survey-filled-${size}`, { fullPage: true });
      }
      await section.getByRole('button', { name: 'Submit survey' }).click();
      await page
        .locator('[id^="snackbar-message-"]')
        .filter({ hasText: financialSurveyMessages.saved })
        .first()
        .waitFor(wait);
      await section.getByRole('button', { name: 'Save changes' }).waitFor(wait);

      await expect.poll(() => completion(page), wait).toBeGreaterThan(before);

      await page.goto('/dashboard');
      await todo.getByRole('link').first().waitFor(wait);
      expect(await todo.getByRole('link', { name: /Submit financial needs survey/ }).count()).toBe(
        0,
      );
      const left = await api<{ items: ActionItem[] }>('/api/candidate/action_items');
      expect(left.items.map((i) => i.kind)).not.toContain('financial_survey');
    } finally {
      await context.close();
    }
  });
});
