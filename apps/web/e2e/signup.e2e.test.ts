import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { CampaignEligibilityList } from '@pathways/shared/eligibility/eligibility.schemas';
import { luhnCheckDigit } from '@pathways/shared/profile/identification';

import {
  expectNoAxeViolations,
  failedRequest,
  launch,
  newPage,
  password,
  scrollingBoxes,
} from './browser.ts';
import { apiGet, apiToken } from './session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A valid South African ID number (born 1 January 1990) no other test uses. */
function southAfricanId(): string {
  const sequence = String(Date.now() % 10_000).padStart(4, '0');
  const payload = `900101${sequence}08`;
  return payload + luhnCheckDigit(payload);
}

/** Opens the sign-up dialog on a page, without the artificial typing waits. */
async function openSignup(page: Page, path: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${path}#signup`);
  const dialog = page.getByRole('dialog', { name: 'Join Pathways' });
  await dialog.getByRole('log', { name: 'Conversation with Pathways' }).waitFor();
  return dialog;
}

/** Creates an account through the conversation, up to its final button, checking each form with axe. */
async function converse(page: Page, path: string, email: string) {
  const dialog = await openSignup(page, path);
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  const form = dialog.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('lerato-password');
  await form.getByLabel('Confirm password', { exact: true }).fill('lerato-password');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create my account' }).click();

  await dialog.getByText(`Is ${email} correct?`).waitFor();
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await dialog.getByRole('link', { name: /privacy policy/ }).waitFor();
  await dialog.getByRole('button', { name: 'I agree' }).click();

  const name = dialog.getByRole('form', { name: 'Your name' });
  await name.waitFor();
  // By now the conversation has outgrown the dialog: the box it scrolls in takes the keyboard's
  // focus itself, for the moments when Pathways types and no control is in it.
  const boxes = await scrollingBoxes(dialog);
  expect(boxes.length).toBeGreaterThan(0);
  expect(boxes.filter((b) => !b.focusable)).toEqual([]);
  await name.getByLabel('First name').fill('lerato');
  await name.getByLabel('Surname').fill('van der merwe');
  await name.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByText('Thanks, Lerato!', { exact: false }).waitFor();

  const identity = dialog.getByRole('form', { name: 'Your identification' });
  await identity.getByLabel('Country of birth').selectOption('ZA');
  await identity.getByLabel('National ID number').pressSequentially(southAfricanId());
  // The ID number states the date of birth, and the conversation says it took it from there.
  await identity.getByText('Your date of birth from this number: 1 January 1990').waitFor();
  await expectNoAxeViolations(page);
  await identity.getByRole('button', { name: 'Continue' }).click();
  await dialog
    .getByText(
      'Your ID number says you were born on 1 January 1990, so that is your date of birth on your profile.',
    )
    .waitFor();

  await dialog.getByRole('button', { name: 'I confirm these details are accurate' }).click();
  await dialog.getByText('< 1 min remaining').waitFor();
  return dialog;
}

it('signs a guest up from the home page through the conversation, to all opportunities', async () => {
  const { context, page } = await newPage(browser, { width: 390, height: 844 });
  try {
    const email = `lerato.home.${Date.now()}@example.test`;
    const dialog = await converse(page, '/', email);
    const finish = dialog.getByRole('button', { name: 'View opportunities' });
    await expectNoAxeViolations(page);
    await finish.click();
    await page.waitForURL((url) => url.pathname === '/opportunities');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('pathways.token'))).toBeTruthy();

    // The profile holds what the conversation asked for, the name in title case with the
    // surname's particles in lower case.
    const profile = await page.evaluate(async () => {
      const token = localStorage.getItem('pathways.token');
      const response = await fetch('/api/candidate/profile', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await response.json()) as Record<string, unknown>;
    });
    expect(profile).toMatchObject({
      firstNames: 'Lerato',
      lastName: 'van der Merwe',
      countryOfBirth: 'ZA',
      bornAt: '1990-01-01',
    });
    expect(profile.identification).toMatch(/^900101\d{7}$/);
    const account = await page.evaluate(async () => {
      const token = localStorage.getItem('pathways.token');
      const response = await fetch('/api/candidate/candidate', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await response.json()) as Record<string, unknown>;
    });
    expect(account.termsAcceptedAt).toBeTruthy();

    // The new candidate is greeted and named as a returning one is, at once and after a reload.
    for (const reload of [false, true]) {
      if (reload) await page.goto('/dashboard');
      else await page.getByRole('link', { name: 'Pathways home' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome, Lerato' }).waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByText('Lerato van der Merwe', { exact: true }).waitFor();
      expect(await nav.getByText(email).count()).toBe(0);
      await page.keyboard.press('Escape');
    }
  } finally {
    await context.close();
  }
});

it("leads from an opportunity campaign's page to its opportunity", async () => {
  const { context, page } = await newPage(browser, { width: 1280, height: 800 });
  try {
    const email = `lerato.campaign.${Date.now()}@example.test`;
    const dialog = await converse(page, '/campaign/ibtech', email);
    const finish = dialog.getByRole('button', { name: 'View Graduate Programme: Technology' });
    await expectNoAxeViolations(page);
    await finish.click();
    await page.waitForURL((url) => /^\/opportunities\/\d+/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Graduate Programme: Technology' }).waitFor();
  } finally {
    await context.close();
  }
});

it("logs a candidate in on an organization campaign's page, lists the matches, leads to the organization", async () => {
  // What the dialog must list: thandi's eligibility for each open opportunity of the campaign,
  // as the API has it. The demo campaign of Indlovu Bank has open opportunities she qualifies
  // for and open ones she does not.
  const campaign = await apiGet<{ id: number }>('/api/campaigns/indlovu');
  const token = await apiToken('thandi@demo.test');
  const matches = await apiGet<CampaignEligibilityList>(
    `/api/candidate/campaigns/${campaign.id}/eligibilities`,
    token,
  );
  const expected = matches.items.map(
    (e) => `${e.opportunity.name}${e.eligible ? 'You qualify' : 'Not yet'}`,
  );
  expect(matches.items.some((e) => e.eligible)).toBe(true);
  expect(matches.items.some((e) => !e.eligible)).toBe(true);

  const { context, page } = await newPage(
    browser,
    { width: 390, height: 844 },
    { expectedErrors: [failedRequest(401, '/api/auth/login', 'the first password is wrong')] },
  );
  try {
    const dialog = await openSignup(page, '/campaign/indlovu');
    await dialog.getByRole('button', { name: 'I have an account' }).click();
    const form = dialog.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email', { exact: true }).fill('thandi@demo.test');
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await form
      .getByText("You couldn't be logged in. Please check the login details again.")
      .waitFor();
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Log in' }).click();

    await dialog.getByRole('button', { name: 'Visit Indlovu Bank' }).waitFor();
    const list = dialog.getByRole('list', { name: 'Your eligibility' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(expected);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Visit Indlovu Bank' }).click();
    await page.waitForURL((url) => /^\/organizations\/\d+/.test(url.pathname));
    expect(await page.evaluate(() => localStorage.getItem('pathways.token'))).toBeTruthy();
  } finally {
    await context.close();
  }
});
