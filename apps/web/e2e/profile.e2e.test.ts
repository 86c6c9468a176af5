import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { validateIdentification } from '@pathways/shared/profile/identification';

import { expectNoAxeViolations, failedRequest, launch, newPage, wait } from './browser.ts';
import { logIn, snackbar, tinyPdf } from './session.ts';

// A South African ID number that passes the shared Luhn rule (900101500908 + check digit 6).
const SA_ID = '9001015009086';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The number of actions on the dashboard's to-do card, once it has loaded. */
async function todoCount(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'My to do list' });
  await card.getByRole('link').first().waitFor();
  return card.getByRole('link').count();
}

/** The completion percentage the profile page shows. */
async function completion(page: Page): Promise<number> {
  const shown = page.getByTestId('profile-completion');
  await expect.poll(() => shown.textContent(), wait).toMatch(/^\d+%$/);
  return Number.parseInt((await shown.textContent())!, 10);
}

describe('a new candidate completes the profile', () => {
  it('sipho fills the profile from empty, uploads a document, and the to-do list shrinks', async () => {
    expect(validateIdentification('ZA', SA_ID)).toBeNull();
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'sipho@demo.test');
      const todosBefore = await todoCount(page);
      await page.goto('/candidate/profile');
      const completionBefore = await completion(page);

      // Personal details: names title-cased when left, the ID through the ZA mask.
      const first = page.getByLabel('First names');
      await first.fill('sipho themba');
      await first.blur();
      await expect.poll(() => first.inputValue(), wait).toBe('Sipho Themba');
      await page.getByLabel('Country of birth').selectOption('ZA');
      const id = page.getByLabel('National ID number');
      await id.pressSequentially(SA_ID);
      expect(await id.inputValue()).toBe('900101 5009 086');
      // The ID number states the date of birth: it is filled in, and the field says so.
      const born = page.getByRole('group', { name: 'Born on' });
      const bornInput = page.locator('input[name="bornAt"]');
      await expect.poll(() => bornInput.inputValue(), wait).toBe('01/01/1990');
      await page.getByText('From your ID number', { exact: true }).waitFor();
      // Another date is refused, in the words the server would use (typed over the filled one:
      // the field holds an unfinished date on the way).
      await born.getByRole('spinbutton', { name: 'Day' }).click();
      await page.keyboard.type('02');
      await expect.poll(() => bornInput.inputValue(), wait).toBe('02/01/1990');
      await page.getByLabel('Mobile number').fill('082 555 0199');
      await page.getByLabel('Gender').selectOption('male');
      await page.getByRole('button', { name: 'Save personal details' }).click();
      await page.getByText('must match the date of birth in your ID number').waitFor();
      await born.getByRole('spinbutton', { name: 'Day' }).click();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => bornInput.inputValue(), wait).toBe('01/01/1990');
      await page.getByText('From your ID number', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Save personal details' }).click();
      await snackbar(page, 'Your personal details were saved');
      // The menu names the candidate by the names just saved.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByText('Sipho Themba Mahlangu', { exact: true })
        .waitFor();

      // Biography.
      await page
        .getByLabel('About me')
        .fill('First-year engineering student in Johannesburg. I tutor maths on Saturdays.');
      await page.getByRole('button', { name: 'Save introduction' }).click();
      await snackbar(page, 'Your introduction was saved');

      // Location: a place found by name (3 letters at least).
      await page.locator('#location').fill('Sowe');
      await page.getByRole('option', { name: /Soweto, Gauteng/ }).click();
      await snackbar(page, 'Your location was saved');
      await page.getByText('Soweto, Gauteng, South Africa').first().waitFor();

      // A qualification being studied.
      await page.getByRole('button', { name: 'Add qualification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a qualification' });
      await dialog.getByLabel(/University, college or school/).fill('Witwatersrand');
      await page.getByRole('option', { name: /University of the Witwatersrand/ }).click();
      await dialog
        .getByRole('combobox', { name: /Type of qualification/ })
        .selectOption({ label: "Bachelor's Degree" });
      await dialog.getByLabel('Status').selectOption('current');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await snackbar(page, 'The qualification was added');
      await page
        .getByRole('region', { name: 'Qualifications' })
        .getByRole('heading', { name: "Bachelor's Degree" })
        .waitFor();

      // The completion rises as the candidate works.
      await expect.poll(() => completion(page), wait).toBeGreaterThan(completionBefore);

      // A document, asked for by the to-do list's link (?kind=).
      await page.goto('/candidate/documents?kind=identity_document');
      const upload = page.getByRole('button', { name: 'Upload identity document' });
      await expect
        .poll(() => upload.evaluate((el) => el === document.activeElement), wait)
        .toBe(true);
      await page.getByLabel('Identity document file').setInputFiles({
        name: 'my-id.pdf',
        mimeType: 'application/pdf',
        buffer: tinyPdf(),
      });
      await snackbar(page, /Identity document uploaded/);
      await page
        .getByRole('region', { name: 'Identity document' })
        .getByText('my-id.pdf')
        .waitFor();

      // The to-do list is shorter than when the candidate started.
      expect(await todoCount(page)).toBeLessThan(todosBefore);
      const card = page.getByRole('region', { name: 'My to do list' });
      for (const done of [
        'Add your identification number',
        'Add your date of birth',
        'Add your contact number',
        'Add your gender',
        'Introduce yourself',
        'Add your location',
        'Add a study programme',
        'Upload your identity document',
      ]) {
        expect(await card.getByText(done, { exact: true }).count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  it('says a wrong file type in the server’s words', async () => {
    const { context, page } = await newPage(browser, undefined, {
      expectedErrors: [
        failedRequest(422, '/api/candidate/documents', 'the server refuses the text file'),
      ],
    });
    try {
      await logIn(page, 'thandi@demo.test');
      await page.goto('/candidate/documents');
      await page.getByLabel('Transcript file').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a pdf'),
      });
      await page.getByText('The file must be a PDF, JPEG or PNG file.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a to-do link lands on the field to fix', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'thandi@demo.test');
      await page.goto('/candidate/profile#biography');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id), wait)
        .toBe('biography');
    } finally {
      await context.close();
    }
  });
});

describe('accessibility of the candidate pages', () => {
  // One session for every check: logins are rate-limited per account.
  let session: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    session = await newPage(browser);
    await logIn(session.page, 'thandi@demo.test');
  });
  afterAll(async () => {
    await session?.context.close();
  });

  for (const path of ['/candidate/profile', '/candidate/documents', '/candidate/account']) {
    it(`axe finds nothing on ${path} (desktop and phone)`, async () => {
      const { page } = session;
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      }
    });
  }

  it('axe finds nothing in the add-a-qualification dialog', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/candidate/profile');
    await page.getByRole('button', { name: 'Add qualification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a qualification' });
    await dialog.getByRole('group', { name: /Started/ }).waitFor();
    await expectNoAxeViolations(page);
  });
});
