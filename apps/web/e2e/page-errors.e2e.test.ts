import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { launch, newPage, takePageProblems } from './browser.ts';

// Every browser test fails on what its pages log as errors or throw; this proves the pages are
// watched, and that only the errors a test names as expected are let through.

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('collects console errors, uncaught exceptions and unhandled rejections, but not expected errors', async () => {
  const { context, page } = await newPage(browser, undefined, {
    expectedErrors: [{ pattern: /^named by the test$/, why: 'this test logs it on purpose' }],
  });
  try {
    await page.goto('/employers');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      console.error('named by the test');
      console.error('a broken widget');
      console.warn('only a warning');
      setTimeout(() => {
        throw new Error('thrown by the page');
      });
      void Promise.reject(new Error('rejected by the page'));
    });
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takePageProblems());
        return seen.length;
      })
      .toBe(3);
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^console error on .*\/employers: a broken widget/),
        expect.stringMatching(/^uncaught exception on .*\/employers: Error: thrown by the page/),
        expect.stringMatching(/^uncaught exception on .*\/employers: Error: rejected by the page/),
      ]),
    );
  } finally {
    await context.close();
  }
});
