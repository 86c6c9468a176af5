import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import { flagSectionLabels, screeningMessages } from '@pathways/shared/screening/screening.schemas';

import {
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { ApplicationViewPage } from './application-view-page';

// The manager's actions on one applicant (flag, rate, move, regret) against answers shaped as
// the API gives them: each calls its route and the page shows the answer.

const base = '/api/client/opportunities/5/applications/31';

function viewOf(reported = false): ApplicationView {
  return {
    application: {
      id: 31,
      opportunityId: 5,
      status: 'submitted',
      complete: true,
      completion: 90,
      createdAt: '2026-10-01T08:00:00.000Z',
      phase: { id: 2, name: 'Interview' },
      rating: 4,
      regrettedAt: null,
      archivedAt: null,
    },
    feedback: { items: [], averageRating: null },
    candidate: {
      id: 9,
      firstName: 'Thandi',
      lastName: 'Mokoena',
      email: 'thandi@example.test',
      avatar: null,
      reported,
    },
    profile: null,
    documents: [],
    eligibility: { eligible: true, criteria: [] },
    screeningAnswers: [],
    psychometrics: [],
  };
}

const phase = (id: number, name: string, order: number, next: number | null) => ({
  id,
  name,
  description: null,
  order,
  initial: order === 1,
  next,
  applications: 0,
});
// Listed out of order: the select follows the chain.
const phases = {
  items: [phase(3, 'Offer', 3, null), phase(1, 'Applied', 1, 2), phase(2, 'Interview', 2, 3)],
  regretted: 0,
  withdrawn: 0,
};

const screened = (phaseId: number, previousPhaseId: number, regrettedAt: string | null) => ({
  items: [{ id: 31, phaseId, previousPhaseId, regrettedAt }],
  events: [],
});

/** The API; `overrides` answer the action calls (method and path), the rest is a fixed view. */
function api(overrides: Record<string, (call: FetchCall) => Response> = {}) {
  let reported = false;
  return mockFetch((call) => {
    const own = overrides[`${call.method} ${call.path}`];
    if (own) {
      const response = own(call);
      if (call.path === '/api/client/flags' && response.status === 201) reported = true;
      return response;
    }
    if (call.path === `${base}/events`) return jsonResponse(200, { items: [] });
    if (call.path.startsWith(base)) return jsonResponse(200, viewOf(reported));
    if (call.path === '/api/client/opportunities/5/phases') return jsonResponse(200, phases);
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
}

async function renderPage() {
  signIn({ sub: '7', role: 'client' });
  renderWithProviders(<ApplicationViewPage opportunityId={5} applicationId={31} />);
  await screen.findByRole('heading', { level: 1, name: 'Thandi Mokoena' });
}

const flagged = {
  flag: {
    id: 1,
    applicationId: 31,
    section: 'qualifications',
    reason: 'The degree is not from this university',
    createdAt: '2026-11-24T10:00:00.000Z',
  },
};

describe('flagging an irregularity', () => {
  it("checks the fields, shows the server's messages beside them, then flags and says so", async () => {
    let answer: Response = jsonResponse(422, {
      code: 'validation',
      message: 'Say what is irregular',
      errors: { reason: ['The server wants more detail'] },
    });
    const calls = api({ 'POST /api/client/flags': () => answer });
    await renderPage();
    expect(screen.queryByText('Reported: profile irregularity')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Flag an irregularity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag an irregularity' });

    // Nothing chosen: the shared contract's messages, beside their fields, and no request.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    const section = within(dialog).getByRole('combobox', { name: /Section of the profile/ });
    const reason = within(dialog).getByRole('textbox', { name: /What is irregular/ });
    await waitFor(() => expect(section.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(screeningMessages.section)).toBeTruthy();
    expect(within(dialog).getByText(screeningMessages.reason)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/client/flags')).toEqual([]);

    // The sections are offered in words.
    const options = within(section)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain(flagSectionLabels.qualifications);
    await userEvent.selectOptions(section, flagSectionLabels.qualifications);
    await userEvent.type(reason, 'The degree is not from this university');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await within(dialog).findByText('The server wants more detail')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    answer = jsonResponse(201, flagged);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await screen.findByText(screeningMessages.flagged)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Reported: profile irregularity')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/client/flags');
    expect(posts.at(-1)!.body).toEqual({
      flag: {
        applicationId: 31,
        section: 'qualifications',
        reason: 'The degree is not from this university',
      },
    });
  });

  it('says what went wrong when the refusal belongs to no field', async () => {
    api({
      'POST /api/client/flags': () =>
        jsonResponse(404, { code: 'not_found', message: 'Application not found' }),
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Flag an irregularity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag an irregularity' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Section of the profile/ }),
      flagSectionLabels.personal,
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What is irregular/ }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await within(dialog).findByText('Application not found')).toBeTruthy();
    expect(screen.queryByText('Reported: profile irregularity')).toBeNull();
  });
});

describe('the rating', () => {
  it('PATCHes the stars chosen', async () => {
    const calls = api({
      [`PATCH ${base}/rating`]: (call) =>
        jsonResponse(200, { id: 31, applicationRating: (call.body as { rating: number }).rating }),
    });
    await renderPage();
    const stars = screen.getByRole('group', { name: 'Rating' });
    fireEvent.click(within(stars).getByRole('radio', { name: '2 stars' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: `${base}/rating`, body: { rating: 2 } }),
      ]),
    );
    expect(
      (within(stars).getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('confirms a saved rating, and keeps it when the same star is chosen again', async () => {
    const calls = api({
      [`PATCH ${base}/rating`]: (call) =>
        jsonResponse(200, { id: 31, applicationRating: (call.body as { rating: number }).rating }),
    });
    await renderPage();
    const stars = screen.getByRole('group', { name: 'Rating' });
    fireEvent.click(within(stars).getByRole('radio', { name: '2 stars' }));
    expect(await screen.findByText('Rating saved: 2 stars')).toBeTruthy();
    fireEvent.click(within(stars).getByRole('radio', { name: '2 stars' }));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(
      (within(stars).getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('clears only by its own control, says so, and puts the rating back on Undo', async () => {
    const calls = api({
      [`PATCH ${base}/rating`]: (call) =>
        jsonResponse(200, {
          id: 31,
          applicationRating: (call.body as { rating: number | null }).rating,
        }),
    });
    await renderPage();
    const stars = screen.getByRole('group', { name: 'Rating' });
    await userEvent.click(within(stars).getByRole('button', { name: /^Clear the rating of / }));
    expect(await screen.findByText('Rating cleared')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(stars).getByRole('radio', { name: 'Not rated' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(within(stars).queryByRole('button', { name: /^Clear the rating of / })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Rating saved: 4 stars')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { rating: null },
      { rating: 4 },
    ]);
  });

  it('puts the old rating back when the server refuses', async () => {
    api({
      [`PATCH ${base}/rating`]: () =>
        jsonResponse(422, {
          code: 'validation',
          message: screeningMessages.rating,
          errors: { rating: [screeningMessages.rating] },
        }),
    });
    await renderPage();
    const stars = screen.getByRole('group', { name: 'Rating' });
    fireEvent.click(within(stars).getByRole('radio', { name: '2 stars' }));
    expect(await screen.findByText(screeningMessages.rating)).toBeTruthy();
    expect(
      (within(stars).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

describe('moving and regretting', () => {
  it('moves to a phase chosen in chain order and reads the history again', async () => {
    const calls = api({
      [`POST ${base}/events`]: () => jsonResponse(200, screened(3, 2, null)),
    });
    await renderPage();
    const select = await screen.findByRole('combobox', { name: 'Move to phase' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['1. Applied', '2. Interview', '3. Offer']),
    );
    const historyReads = () =>
      calls.filter((c) => c.path === `${base}/events` && c.method === 'GET');
    await waitFor(() => expect(historyReads()).toHaveLength(1));
    await userEvent.selectOptions(select, '3. Offer');
    expect(await screen.findByText('Phase: Offer')).toBeTruthy();
    expect(await screen.findByText('Moved to Offer')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: `${base}/events`, body: { phaseId: 3 } }),
    ]);
    await waitFor(() => expect(historyReads()).toHaveLength(2));
  });

  it('regrets after a confirmation saying the candidate will be told', async () => {
    const calls = api({
      [`PATCH ${base}/regret`]: () => jsonResponse(200, screened(2, 2, '2026-11-24T10:00:00.000Z')),
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Regret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regret this applicant?' });
    expect(within(dialog).getByText(/candidate will be told/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regret and tell them' }));
    expect(await screen.findByText(screeningMessages.regretted)).toBeTruthy();
    expect(screen.getByText('Regretted 24 November 2026')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: `${base}/regret` }),
    ]);
    // A regretted application is moved and regretted no more.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Regret' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Move to phase' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("shows the server's refusal of a move", async () => {
    api({
      [`POST ${base}/events`]: () =>
        jsonResponse(422, {
          code: 'validation',
          message: screeningMessages.regrettedCannotMove,
          errors: { base: [screeningMessages.regrettedCannotMove] },
        }),
    });
    await renderPage();
    const select = await screen.findByRole('combobox', { name: 'Move to phase' });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    await userEvent.selectOptions(select, '1. Applied');
    expect(await screen.findByText(screeningMessages.regrettedCannotMove)).toBeTruthy();
    expect(screen.getByText('Phase: Interview')).toBeTruthy();
  });
});
