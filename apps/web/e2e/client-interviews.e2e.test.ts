import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApplicantPage, ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';

import {
  formatInterviewTime,
  fromLocalTime,
} from '../src/features/interviews/components/interview-time';
import { expectNoAxeViolations, launch, newPage, outboxDir, screenshot, wait } from './browser.ts';
import { apiCall, apiToken, logIn, snackbar } from './session.ts';

// Interviews from the client's side in a real browser: the demo's primary client offers three
// times to three applicants of a phase from the tracker; two book (one on a phone), one asks
// for other times; the tracker and the application pages show it; the client moves a booked
// interview (the invitations carry the same UID and a higher SEQUENCE) and cancels the other
// (METHOD:CANCEL). The new screens are axe clean at 1280 and 390 px.

const clientEmail = 'client@demo.test';
/** An interviewer from outside the organization, invited by e-mail. */
const outsider = `panel.${Date.now()}@example.test`;
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let clientToken = '';
let opportunityId = 0;
let phase: { id: number; name: string };
let clientName = '';
/** The three applicants, in the order they appear on the phase's tab. */
let chosen: { name: string; applicationId: number; email: string }[] = [];
/** The day of the times, 30 days ahead, in South African time. */
let day = '';

const shot = (page: Page, name: string) =>
  screenshot(page, `client-interviews/${name}`, { fullPage: true });

interface CalendarMail {
  to: string;
  subject: string;
  text: string;
  icalEvent?: { content: string };
}

/** Every calendar invitation mailed to `to`, oldest first, parsed as a calendar program would. */
async function invitations(to: string) {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  const found = [];
  for (const file of files) {
    const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as CalendarMail;
    if (mail.to !== to || !mail.icalEvent) continue;
    const calendar = new ICAL.Component(ICAL.parse(mail.icalEvent.content));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    found.push({
      text: mail.text,
      method: String(calendar.getFirstPropertyValue('method')),
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
    });
  }
  return found;
}

async function waitForInvitations(to: string, count: number) {
  await expect
    .poll(async () => (await invitations(to)).length, { timeout: 30_000, interval: 250 })
    .toBeGreaterThanOrEqual(count);
  return invitations(to);
}

const nameOf = (row: ApplicantRow) =>
  [row.profile.firstName, row.profile.lastName].filter(Boolean).join(' ');

/** The agenda names a candidate by their account's name: match on the surname. */
const surname = (name: string) => new RegExp(`${name.split(' ').pop()}$`);

const trackerPath = () => `/client/opportunities/${opportunityId}/applications`;
const applicationPath = (id: number) => `/client/opportunities/${opportunityId}/applications/${id}`;

beforeAll(async () => {
  browser = await launch();
  clientToken = await apiToken(clientEmail);
  const api = async <T>(path: string) => (await apiCall<T>(path, { token: clientToken })).body;
  const list = await api<{ items: { id: number; phases: { id: number; count: number }[] }[] }>(
    '/api/client/opportunities',
  );
  // A workspace with a phase of at least three applicants (not the busiest, which the tracker's
  // own test works on).
  const candidates = [...list.items]
    .filter((w) => w.phases.some((p) => p.count >= 3))
    .sort((a, b) => a.id - b.id);
  const workspace = candidates[candidates.length > 1 ? 1 : 0]!;
  opportunityId = workspace.id;
  const phases = await api<{ items: { id: number; name: string }[] }>(
    `/api/client/opportunities/${opportunityId}/phases`,
  );
  const phaseId = workspace.phases.find((p) => p.count >= 3)!.id;
  phase = phases.items.find((p) => p.id === phaseId)!;
  const managers = await api<{
    items: { email: string; firstName: string | null; lastName: string | null }[];
  }>(`/api/client/opportunities/${opportunityId}/managers`);
  const me = managers.items.find((m) => m.email === clientEmail)!;
  clientName = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email;
  const d = new Date(Date.now() + 30 * 24 * 3600_000);
  day = d.toISOString().slice(0, 10);
});

afterAll(async () => {
  await browser?.close();
});

/** The rows of the workspace (every page). */
async function rowsOfWorkspace(): Promise<ApplicantRow[]> {
  const rows: ApplicantRow[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await apiCall<ApplicantPage>(
      `${'/api'}${trackerPath()}?page=${page}&per=250`,
      { token: clientToken },
    );
    rows.push(...body.items);
    if (body.items.length === 0 || rows.length >= body.total) return rows;
  }
}

describe('interviews from the client’s side', { shuffle: false, timeout: 240_000 }, () => {
  it('offers three times to three applicants of a phase from the tracker', async () => {
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, clientEmail);
      await page.goto(trackerPath());
      await page.getByRole('tablist', { name: 'Phases' }).waitFor(wait);
      await page.getByRole('tab', { name: new RegExp(`^${phase.name}`) }).click();
      await expect.poll(() => page.getByText(/Loading applications/).count(), wait).toBe(0);
      const rows = page.getByRole('table', { name: 'Applicants' }).locator('tbody tr');
      await rows.first().waitFor(wait);
      const all = await rowsOfWorkspace();
      const names: string[] = [];
      for (let i = 0; names.length < 3; i++) {
        const name = (await rows.nth(i).getAttribute('aria-label')) ?? '';
        const matches = all.filter((r) => r.phaseId === phase.id && nameOf(r) === name);
        if (matches.length !== 1 || names.includes(name)) continue;
        await rows.nth(i).getByRole('checkbox').check();
        names.push(name);
      }
      chosen = [];
      for (const name of names) {
        const row = all.find((r) => r.phaseId === phase.id && nameOf(r) === name)!;
        const { body } = await apiCall<{ candidate: { email: string } }>(
          `/api${applicationPath(row.id)}`,
          { token: clientToken },
        );
        chosen.push({ name, applicationId: row.id, email: body.candidate.email });
      }

      await page.getByRole('button', { name: 'Offer interview times' }).click();
      await page.getByRole('menuitem', { name: 'To the 3 applicants chosen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Offer interview times' });
      await dialog.waitFor(wait);
      // Sent empty, the shared schema's messages stand beside the fields.
      await dialog.getByRole('button', { name: 'Offer the time' }).click();
      await dialog.getByText('Give a start date and time').waitFor(wait);
      await dialog.getByText('Choose at least one interviewer').waitFor(wait);

      await dialog.getByLabel('Day of time 1').fill(day);
      await dialog.getByLabel('Start of time 1').fill('09:00');
      await dialog.getByLabel('Length of time 1 (minutes)').fill('45');
      await dialog.getByLabel('Video link of time 1').fill('https://meet.example.test/indlovu');
      await dialog.getByLabel('Interviewers of time 1 from the workspace').click();
      await page.getByRole('option', { name: clientName }).click();
      await dialog.getByLabel('Outside interviewers of time 1').fill(outsider);
      await dialog.getByRole('button', { name: 'Copy the last time, 1 hour later' }).click();
      await dialog.getByRole('button', { name: 'Copy the last time, 1 hour later' }).click();
      await expect.poll(() => dialog.getByLabel('Start of time 3').inputValue()).toBe('11:00');
      await shot(page, 'offer-dialog-1280');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Offer 3 times' }).click();
      await snackbar(page, '3 times were offered to 3 applicants');
      // The tracker says the times wait for their choice.
      for (const { name } of chosen) {
        await page
          .locator(`tbody tr[aria-label="${name}"]`)
          .getByText('Interview times offered')
          .waitFor(wait);
      }
    } finally {
      await context.close();
    }
  });

  it('two candidates book (one on a phone), one asks for other times', async () => {
    const times = ['09:00', '10:00'].map((time) =>
      formatInterviewTime(fromLocalTime({ date: day, time })!),
    );
    for (const [index, viewport] of [desktop, phone].entries()) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await logIn(page, chosen[index]!.email);
        await page.goto(`/candidate/applications/${chosen[index]!.applicationId}`);
        await page.getByRole('button', { name: `Book ${times[index]}` }).click();
        await page.getByText(times[index]!).first().waitFor(wait);
        await expect
          .poll(() => page.getByRole('button', { name: `Book ${times[index]}` }).count(), wait)
          .toBe(0);
        if (viewport === phone) await shot(page, 'candidate-booked-390');
      } finally {
        await context.close();
      }
    }
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, chosen[2]!.email);
      await page.goto(`/candidate/applications/${chosen[2]!.applicationId}`);
      await page.getByRole('button', { name: 'Ask for other times' }).click();
      await page.getByLabel('Which times would suit you?').fill('Any afternoon next week');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText(/You asked for other times/).waitFor(wait);
    } finally {
      await context.close();
    }
  });

  it('the outside interviewer opens their link from the e-mail and submits a scorecard', async () => {
    // The invitation of the first candidate's interview (09:00) carries the outsider's own link.
    const nine = fromLocalTime({ date: day, time: '09:00' })!;
    await expect
      .poll(async () => (await invitations(outsider)).some((m) => m.start === nine), wait)
      .toBe(true);
    const invitation = (await invitations(outsider)).find((m) => m.start === nine)!;
    const link = /\/interview-links\/[A-Za-z0-9_%-]+/.exec(invitation.text)?.[0];
    expect(link, 'the invitation names the interviewer’s link').toBeTruthy();
    const { context, page } = await newPage(browser, phone);
    try {
      await page.goto(link!);
      const form = page.getByRole('form', { name: 'Your scorecard' });
      await form.waitFor(wait);
      await form.getByRole('radio', { name: 'Strong yes' }).check();
      await form.getByLabel('Notes').fill('Thoughtful answers on risk');
      await form.getByRole('button', { name: 'Submit my scorecard' }).click();
      await page.getByRole('button', { name: 'Update my scorecard' }).waitFor(wait);
    } finally {
      await context.close();
    }
  });

  it('shows the states on the tracker and the application pages; moves one, cancels the other', async () => {
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, clientEmail);
      await page.goto(trackerPath());
      await page.getByRole('tab', { name: new RegExp(`^${phase.name}`) }).click();
      const row = (i: number) => page.locator(`tbody tr[aria-label="${chosen[i]!.name}"]`);
      await row(0).getByText('Interview booked').waitFor(wait);
      await row(1).getByText('Interview booked').waitFor(wait);
      await row(2).getByText('Asked for other times').waitFor(wait);
      await shot(page, 'tracker-1280');

      // The third: what they asked, on their application page.
      await page.goto(applicationPath(chosen[2]!.applicationId));
      const section = page.getByRole('region', { name: 'Interviews' });
      await section.getByText('The candidate wrote: “Any afternoon next week”').waitFor(wait);
      await section.getByText('The candidate asked for other times').waitFor(wait);

      // The first: moved to 14:00 the same day.
      const first = chosen[0]!;
      const before = await waitForInvitations(first.email, 1);
      await page.goto(applicationPath(first.applicationId));
      await section.getByText('Booked', { exact: true }).first().waitFor(wait);
      // The client interviews too: the outsider's scorecard shows once the client's own is in.
      await section
        .getByText('A colleague has submitted a scorecard: you see theirs once yours is in.')
        .waitFor(wait);
      const mine = section.getByRole('form', { name: 'Your scorecard' });
      await mine.getByRole('combobox', { name: 'Recommendation' }).click();
      await page.getByRole('option', { name: 'Yes', exact: true }).click();
      await mine.getByLabel('Notes').fill('Solid on the numbers');
      await mine.getByRole('button', { name: 'Submit my scorecard' }).click();
      await snackbar(page, 'Your scorecard is in');
      const scorecards = section.getByRole('table', { name: /Scorecards/ });
      const outsiderRow = scorecards.getByRole('row', { name: new RegExp(outsider) });
      await outsiderRow.getByText('Strong yes').waitFor(wait);
      await outsiderRow.getByText('Thoughtful answers on risk').waitFor(wait);
      await shot(page, 'application-1280');
      await expectNoAxeViolations(page);
      await section.getByRole('button', { name: 'Move' }).click();
      const move = page.getByRole('dialog', { name: 'Move the interview' });
      await move.getByLabel('Start of time 1').fill('14:00');
      await expectNoAxeViolations(page);
      await move.getByRole('button', { name: 'Move the interview' }).click();
      await snackbar(page, 'The interview was moved');
      const moved = fromLocalTime({ date: day, time: '14:00' })!;
      await section.getByText(formatInterviewTime(moved)).waitFor(wait);
      const after = await waitForInvitations(first.email, before.length + 1);
      const booked = after[before.length - 1]!;
      const update = after[after.length - 1]!;
      expect(booked.method).toBe('REQUEST');
      expect(update.method).toBe('REQUEST');
      expect(update.uid).toBe(booked.uid);
      expect(update.sequence).toBeGreaterThan(booked.sequence);
      expect(update.start).toBe(moved);

      // The second: cancelled with a reason.
      const second = chosen[1]!;
      const sent = await waitForInvitations(second.email, 1);
      await page.goto(applicationPath(second.applicationId));
      await section.getByRole('button', { name: 'Cancel interview' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel the interview?' });
      await cancel.getByLabel('Reason (optional)').fill('The panel is not available');
      await cancel.getByRole('button', { name: 'Cancel the interview' }).click();
      await snackbar(page, 'The interview was cancelled');
      await section.getByText('Cancelled', { exact: true }).waitFor(wait);
      const all = await waitForInvitations(second.email, sent.length + 1);
      const cancellation = all[all.length - 1]!;
      expect(cancellation.method).toBe('CANCEL');
      expect(cancellation.uid).toBe(sent[sent.length - 1]!.uid);
      expect(cancellation.sequence).toBeGreaterThan(sent[sent.length - 1]!.sequence);
    } finally {
      await context.close();
    }
  });

  it('the agendas and the settings are axe clean at 1280 and 390 px', async () => {
    const { context, page } = await newPage(browser, desktop);
    try {
      await logIn(page, clientEmail);
      for (const [size, viewport] of [
        ['1280', desktop],
        ['390', phone],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/client/interviews');
        await page
          .getByRole('link', { name: surname(chosen[0]!.name) })
          .first()
          .waitFor(wait);
        await expectNoAxeViolations(page);
        await shot(page, `agenda-${size}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.goto(`/client/opportunities/${opportunityId}?tab=interviews`);
        await page.getByRole('heading', { name: 'Scorecard' }).waitFor(wait);
        await page
          .getByRole('link', { name: surname(chosen[0]!.name) })
          .first()
          .waitFor(wait);
        await expectNoAxeViolations(page);
        await shot(page, `workspace-interviews-${size}`);
        await page.goto(applicationPath(chosen[0]!.applicationId));
        await page
          .getByRole('region', { name: 'Interviews' })
          .getByRole('button', { name: 'Offer times' })
          .click();
        await page.getByRole('dialog', { name: 'Offer interview times' }).waitFor(wait);
        await expectNoAxeViolations(page);
        await shot(page, `offer-dialog-one-${size}`);
      }
      // Leave the demo as it was: the moved interview is cancelled too.
      await page.setViewportSize(desktop);
      await page.goto(applicationPath(chosen[0]!.applicationId));
      const section = page.getByRole('region', { name: 'Interviews' });
      await section.getByRole('button', { name: 'Cancel interview' }).click();
      await page
        .getByRole('dialog', { name: 'Cancel the interview?' })
        .getByRole('button', { name: 'Cancel the interview' })
        .click();
      await snackbar(page, 'The interview was cancelled');
    } finally {
      await context.close();
    }
  });
});
