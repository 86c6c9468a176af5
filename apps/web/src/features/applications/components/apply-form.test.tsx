import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';

import {
  currentLocation,
  jsonResponse,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import {
  makeApplication,
  makeOpportunity,
  noQuestions,
  sandton,
  shellResponse,
} from '../testing/fixtures';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

const questions = {
  items: [
    { id: 7, prompt: 'Why do you want to join us?', required: true, position: 1, answer: null },
    { id: 8, prompt: 'Anything else?', required: false, position: 2, answer: null },
  ],
  applicationId: null,
};

function renderApply(handler: (call: FetchCall) => Response | Promise<Response> | undefined) {
  signIn();
  const calls = mockFetch((call) => handler(call) ?? shellResponse(call));
  const view = renderApp('/candidate/opportunities/5/apply');
  return { calls, view };
}

const opportunityAnswers =
  (opportunity = makeOpportunity(), screening: object = noQuestions) =>
  (call: FetchCall) => {
    if (call.path === '/api/opportunities/5') return jsonResponse(200, opportunity);
    if (call.path === '/api/candidate/opportunities/5/screening_questions') {
      return jsonResponse(200, screening);
    }
    return undefined;
  };

describe('the apply page', () => {
  it('names the opportunity and organization and lists its locations unticked', async () => {
    renderApply(opportunityAnswers());
    expect(
      await screen.findByRole('heading', { name: 'Apply for Graduate Programme: Technology' }),
    ).toBeTruthy();
    expect(screen.getByText(/Indlovu Bank ·/)).toBeTruthy();
    const group = screen.getByRole('group', { name: /Locations/ });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, false]);
    expect(within(group).getByLabelText('1 Rivonia Road, Sandton')).toBeTruthy();
  });

  it('ticks the only location of an opportunity with one', async () => {
    renderApply(
      opportunityAnswers(makeOpportunity({ locations: [makeOpportunity().locations[0]!] })),
    );
    const box = await screen.findByRole('checkbox', { name: '1 Rivonia Road, Sandton' });
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('says in the contract’s words what is missing, and sends nothing', async () => {
    const { calls } = renderApply(opportunityAnswers(makeOpportunity(), questions));
    const submit = await screen.findByRole('button', { name: 'Submit application' });
    await userEvent.click(submit);
    expect(await screen.findByText(m.locationsRequired)).toBeTruthy();
    expect(screen.getByText('Must be answered')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('applies with the chosen locations and answers, then opens the application', async () => {
    const { calls, view } = renderApply((call) => {
      if (call.method === 'POST') return jsonResponse(201, makeApplication({ id: 41 }));
      return opportunityAnswers(makeOpportunity(), questions)(call);
    });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: '9 Long Street, Cape Town' }),
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: /Why do you want to join us\?/ }),
      'To build things.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Your application was submitted')).toBeTruthy();
    await waitFor(() => expect(currentLocation(view)).toBe('/candidate/applications/41'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/candidate/opportunities/5/apply');
    expect(post.body).toEqual({
      locations: [12],
      answers: [
        { questionId: 7, answer: 'To build things.' },
        { questionId: 8, answer: '' },
      ],
    });
  });

  it('puts a 422’s messages beside the fields and keeps what was typed', async () => {
    renderApply((call) => {
      if (call.method === 'POST') {
        return jsonResponse(422, {
          code: 'validation',
          message: m.locationsInvalid,
          errors: {
            locations: [m.locationsInvalid],
            answers: [m.answersRequired],
            'answers.7': [m.answerRequired],
          },
        });
      }
      return opportunityAnswers(makeOpportunity(), questions)(call);
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: '1 Rivonia Road, Sandton' }));
    const answer = screen.getByRole('textbox', { name: /Why do you want to join us\?/ });
    await userEvent.type(answer, 'Because.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText(m.locationsInvalid)).toBeTruthy();
    expect(screen.getByText('Must be answered')).toBeTruthy();
    expect((answer as HTMLTextAreaElement).value).toBe('Because.');
    expect(
      (screen.getByRole('checkbox', { name: '1 Rivonia Road, Sandton' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('shows a refusal without a field (closed meanwhile) above the form', async () => {
    renderApply((call) => {
      if (call.method === 'POST') {
        return jsonResponse(422, { code: 'validation', message: m.closed });
      }
      return opportunityAnswers()(call);
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: '1 Rivonia Road, Sandton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.closed);
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeTruthy();
  });

  it('on 409 says so and opens the existing application the answer names', async () => {
    const { view } = renderApply((call) => {
      if (call.method === 'POST') {
        return jsonResponse(409, {
          code: 'conflict',
          message: m.alreadyApplied,
          applicationId: 33,
        });
      }
      if (call.path === '/api/candidate/opportunities/5/screening_questions') {
        // Applied in another tab after this page loaded: only the 409 names the application.
        return jsonResponse(200, { items: [], applicationId: null });
      }
      return opportunityAnswers()(call);
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: '1 Rivonia Road, Sandton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText(m.alreadyApplied)).toBeTruthy();
    await waitFor(() => expect(currentLocation(view)).toBe('/candidate/applications/33'));
  });

  it('shows no form for a closed opportunity, only why', async () => {
    renderApply(
      opportunityAnswers(makeOpportunity({ isOpen: false, closesAt: '2026-11-01T00:00:00.000Z' })),
    );
    expect(await screen.findByText(m.closed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('after applying, changes the answers of the application instead (PATCH)', async () => {
    const existing = makeApplication({ id: 33, locations: [sandton] });
    const { calls, view } = renderApply((call) => {
      if (call.path === '/api/candidate/applications/33') {
        return jsonResponse(200, existing);
      }
      return opportunityAnswers(makeOpportunity(), {
        items: [{ ...questions.items[0]!, answer: 'Old answer' }],
        applicationId: 33,
      })(call);
    });
    const answer = await screen.findByRole('textbox', { name: /Why do you want to join us\?/ });
    expect((answer as HTMLTextAreaElement).value).toBe('Old answer');
    await userEvent.clear(answer);
    await userEvent.type(answer, 'New answer');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentLocation(view)).toBe('/candidate/applications/33'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({
      application: { locations: [11], answers: [{ questionId: 7, answer: 'New answer' }] },
    });
  });

  /** The candidate's check: one requirement unmet. */
  const notQualified = {
    id: 1,
    eligible: false,
    opportunity: { id: 5, name: 'Graduate Programme: Technology' },
    checkedAt: '2026-11-22T08:00:00.000Z',
    criteria: [
      {
        requirementId: 1,
        kind: 'drivers_license',
        description: "Needs a driver's licence",
        status: 'unmet',
        reason: "No driver's licence, needs one",
      },
    ],
  };

  it('shows a candidate who does not qualify yet what is missing, above the form', async () => {
    renderApply((call) => {
      if (call.path === '/api/candidate/opportunities/5/eligibility') {
        return jsonResponse(200, notQualified);
      }
      return opportunityAnswers()(call);
    });
    expect(
      await screen.findByText(
        'You do not meet every requirement of this opportunity yet. You can still apply, but applicants who qualify are considered first.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('You do not qualify yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeTruthy();
  });

  it('shows what is missing from the page’s own check, without checking again', async () => {
    let checks = 0;
    const { calls } = renderApply((call) => {
      if (call.path === '/api/candidate/opportunities/5/eligibility') {
        checks += 1;
        // A second check would never answer: the page must show the first one.
        if (checks > 1) return new Promise<Response>(() => {});
        return jsonResponse(200, notQualified);
      }
      return opportunityAnswers()(call);
    });
    expect(await screen.findByText(/You do not meet every requirement/)).toBeTruthy();
    expect(screen.queryByText('Checking again whether you qualify…')).toBeNull();
    expect(screen.getByText('You do not qualify yet')).toBeTruthy();
    expect(screen.getByText("Needs a driver's licence")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/eligibility'))).toHaveLength(1);
  });

  it('shows the not-found page for an opportunity that does not exist', async () => {
    renderApply(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
