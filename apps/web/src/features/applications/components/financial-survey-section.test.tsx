import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  financialSurveyMessages as m,
  type FinancialSurveyResponse,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';

import {
  jsonResponse,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { makeApplication, shellResponse } from '../testing/fixtures';

configure({ asyncUtilTimeout: 15_000 });

const surveyPath = '/api/candidate/applications/40/financial-survey';
const bursary = makeApplication({
  opportunity: { ...makeApplication().opportunity, kind: 'bursary' },
});

const answers = {
  householdSize: 4,
  incomeBand: 'up_to_5000' as const,
  dependants: 1,
  studyFunders: ['parents' as const],
  otherFunding: [{ name: 'NSFAS', status: 'applied' as const, amount: null }],
  motivation: 'My mother supports four of us.',
};

function surveyResponse(overrides: Partial<FinancialSurveyResponse> = {}): FinancialSurveyResponse {
  return {
    applicationId: 40,
    survey: null,
    submittedAt: null,
    updatedAt: null,
    editable: true,
    lockedReason: null,
    closesAt: '2027-01-31T00:00:00.000Z',
    ...overrides,
  };
}

function renderSurvey(handler: (call: FetchCall) => Response | undefined) {
  signIn();
  const calls = mockFetch((call) => handler(call) ?? shellResponse(call));
  renderApp('/candidate/applications/40#financial-survey');
  return calls;
}

async function surveySection() {
  return screen.findByRole('region', { name: 'Financial needs survey' });
}

describe('the financial needs survey on a bursary application', () => {
  it('is filled in, submitted in the contract’s shape and then shown as submitted', async () => {
    let stored = surveyResponse();
    const calls = renderSurvey((call) => {
      if (call.path === '/api/candidate/applications/40') return jsonResponse(200, bursary);
      if (call.path !== surveyPath) return undefined;
      if (call.method === 'PUT') {
        const body = call.body as { survey: typeof answers };
        stored = surveyResponse({
          survey: body.survey,
          submittedAt: '2026-11-24T08:00:00.000Z',
          updatedAt: '2026-11-24T08:00:00.000Z',
        });
      }
      return jsonResponse(200, stored);
    });
    const section = await surveySection();
    expect(section.id).toBe('financial-survey');
    // The page says what is left to reach 100%, linking here.
    expect(
      (await screen.findByRole('link', { name: 'submit the financial needs survey' })).getAttribute(
        'href',
      ),
    ).toBe('#financial-survey');

    const form = within(section);
    await userEvent.type(await form.findByLabelText(/People in your household/), '4');
    await userEvent.type(form.getByLabelText(/People who depend on you/), '1');
    await userEvent.selectOptions(form.getByLabelText(/Monthly household income/), 'up_to_5000');
    await userEvent.click(form.getByRole('checkbox', { name: 'My parents or guardians' }));
    await userEvent.click(form.getByRole('button', { name: 'Add a bursary or loan' }));
    await userEvent.type(form.getByLabelText(/^Name/), 'NSFAS');
    await userEvent.type(form.getByLabelText(/Why do you need this bursary/), answers.motivation);
    await userEvent.click(form.getByRole('button', { name: 'Submit survey' }));

    expect(await screen.findByText(m.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ survey: answers });
    expect(await form.findByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(form.getByText(/Submitted on 24 November 2026/)).toBeTruthy();
    // The to-do list is asked again.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path.startsWith('/api/candidate/action_items')).length,
      ).toBeGreaterThan(1),
    );
  });

  it('says what is missing in the contract’s words and sends nothing', async () => {
    const calls = renderSurvey((call) => {
      if (call.path === '/api/candidate/applications/40') return jsonResponse(200, bursary);
      if (call.path === surveyPath) return jsonResponse(200, surveyResponse());
      return undefined;
    });
    const form = within(await surveySection());
    await userEvent.click(await form.findByRole('button', { name: 'Submit survey' }));
    expect(await form.findByText(m.householdSize)).toBeTruthy();
    expect(form.getByText(m.incomeBand)).toBeTruthy();
    expect(form.getByText(m.fundersRequired)).toBeTruthy();
    expect(form.getByText(m.motivationRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is prefilled from the last survey, so the candidate only confirms it', async () => {
    const calls = renderSurvey((call) => {
      if (call.path === '/api/candidate/applications/40') return jsonResponse(200, bursary);
      if (call.path !== surveyPath) return undefined;
      return jsonResponse(
        200,
        call.method === 'PUT'
          ? surveyResponse({ survey: answers, submittedAt: '2026-11-24T08:00:00.000Z' })
          : surveyResponse({ survey: answers }),
      );
    });
    const form = within(await surveySection());
    expect(await form.findByText(/We filled this in from your last survey/)).toBeTruthy();
    expect((form.getByLabelText(/Why do you need this bursary/) as HTMLTextAreaElement).value).toBe(
      answers.motivation,
    );
    await userEvent.click(form.getByRole('button', { name: 'Submit survey' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ survey: answers });
  });

  it('puts the server’s message beside its field', async () => {
    renderSurvey((call) => {
      if (call.path === '/api/candidate/applications/40') return jsonResponse(200, bursary);
      if (call.path !== surveyPath) return undefined;
      if (call.method === 'PUT') {
        return jsonResponse(422, {
          code: 'validation',
          message: m.fundingName,
          errors: { 'otherFunding.0.name': [m.fundingName] },
        });
      }
      return jsonResponse(200, surveyResponse({ survey: answers }));
    });
    const form = within(await surveySection());
    await userEvent.click(await form.findByRole('button', { name: 'Submit survey' }));
    const name = form.getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(form.getByText(m.fundingName)).toBeTruthy();
  });

  it('is read-only once applications have closed, and says why', async () => {
    renderSurvey((call) => {
      if (call.path === '/api/candidate/applications/40') return jsonResponse(200, bursary);
      if (call.path === surveyPath) {
        return jsonResponse(
          200,
          surveyResponse({
            survey: answers,
            submittedAt: '2026-11-20T08:00:00.000Z',
            editable: false,
            lockedReason: m.closed,
          }),
        );
      }
      return undefined;
    });
    const form = within(await surveySection());
    expect(await form.findByText(m.closed)).toBeTruthy();
    expect(form.getByText('R1 to R5 000')).toBeTruthy();
    expect(form.getByText('NSFAS (applied for)')).toBeTruthy();
    expect(form.queryByRole('button', { name: /Submit survey|Save changes/ })).toBeNull();
    expect(form.queryByRole('textbox')).toBeNull();
  });

  it('is not shown on a job application', async () => {
    const calls = renderSurvey((call) =>
      call.path === '/api/candidate/applications/40'
        ? jsonResponse(200, makeApplication())
        : undefined,
    );
    expect(
      await screen.findByRole('heading', { name: 'Graduate Programme: Technology', level: 1 }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Financial needs survey' })).toBeNull();
    expect(calls.some((c) => c.path === surveyPath)).toBe(false);
  });

  it('turns read-only when applications closed while the form was open', async () => {
    let closed = false;
    renderSurvey((call) => {
      if (call.path === '/api/candidate/applications/40') return jsonResponse(200, bursary);
      if (call.path !== surveyPath) return undefined;
      if (call.method === 'PUT') {
        closed = true;
        return jsonResponse(409, { code: 'conflict', message: m.closed });
      }
      return jsonResponse(
        200,
        closed
          ? surveyResponse({ survey: answers, editable: false, lockedReason: m.closed })
          : surveyResponse({ survey: answers }),
      );
    });
    const form = within(await surveySection());
    await userEvent.click(await form.findByRole('button', { name: 'Submit survey' }));
    expect(await form.findByText('You did not submit the survey.')).toBeTruthy();
    expect(form.getByText(m.closed)).toBeTruthy();
    expect(form.queryByRole('button', { name: 'Submit survey' })).toBeNull();
  });
});
