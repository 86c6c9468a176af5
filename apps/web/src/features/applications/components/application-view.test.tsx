import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';

import {
  jsonResponse,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { capeTown, makeApplication, sandton, shellResponse } from '../testing/fixtures';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

function renderApplication(handler: (call: FetchCall) => Response | undefined) {
  signIn();
  const calls = mockFetch((call) => handler(call) ?? shellResponse(call));
  renderApp('/candidate/applications/40');
  return calls;
}

describe('the application page', () => {
  it('shows the status, completion, eligibility and chosen locations', async () => {
    renderApplication((call) =>
      call.path === '/api/candidate/applications/40'
        ? jsonResponse(200, makeApplication({ status: 'Interview', completion: 80 }))
        : undefined,
    );
    expect(
      await screen.findByRole('heading', { name: 'Graduate Programme: Technology', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByTestId('application-status').textContent).toBe('Interview');
    expect(screen.getByText('Applied on 20 November 2026')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Application completion' });
    expect(bar.getAttribute('aria-valuenow')).toBe('80');
    expect(screen.getByTestId('application-completion').textContent).toBe('80%');
    expect(
      within(screen.getByRole('list', { name: 'Chosen locations' })).getByText(
        '1 Rivonia Road, Sandton',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('You qualify')).toBeTruthy();
  });

  it('shows the screening answers, the unanswered required one as a step to 100%', async () => {
    renderApplication((call) => {
      if (call.path === '/api/candidate/applications/40') {
        return jsonResponse(200, makeApplication({ screeningSubmittedAt: null }));
      }
      if (call.path === '/api/candidate/opportunities/5/screening_questions') {
        return jsonResponse(200, {
          items: [
            { id: 7, prompt: 'Why us?', required: true, position: 1, answer: null },
            { id: 8, prompt: 'Anything else?', required: false, position: 2, answer: 'No.' },
          ],
          applicationId: 40,
        });
      }
      return undefined;
    });
    const answers = await screen.findByRole('region', { name: 'Screening questions' });
    expect(within(answers).getByText('Not answered yet (required)')).toBeTruthy();
    expect(within(answers).getByText('No.')).toBeTruthy();
    expect(within(answers).getByRole('link', { name: 'Change answers' }).getAttribute('href')).toBe(
      '/candidate/opportunities/5/apply',
    );
    expect(
      screen.getByRole('link', { name: 'answer the screening questions' }).getAttribute('href'),
    ).toBe('/candidate/opportunities/5/apply');
  });

  it('changes the locations and says "Locations have been updated"', async () => {
    let stored = makeApplication();
    const calls = renderApplication((call) => {
      if (call.path !== '/api/candidate/applications/40') return undefined;
      if (call.method === 'PATCH') stored = makeApplication({ locations: [sandton, capeTown] });
      return jsonResponse(200, stored);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change locations' }));
    const dialog = screen.getByRole('dialog', { name: 'Change locations' });
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: '9 Long Street, Cape Town' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save locations' }));
    expect(await screen.findByText(m.locationsUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      application: { locations: [11, 12] },
    });
    expect(await screen.findByText('9 Long Street, Cape Town')).toBeTruthy();
  });

  it('will not save no location, in the contract’s words', async () => {
    const calls = renderApplication((call) =>
      call.path === '/api/candidate/applications/40'
        ? jsonResponse(200, makeApplication())
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change locations' }));
    const dialog = screen.getByRole('dialog', { name: 'Change locations' });
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: '1 Rivonia Road, Sandton' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save locations' }));
    expect(await within(dialog).findByText(m.locationsRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('says the location update failed, with the server’s reason beside the field', async () => {
    renderApplication((call) => {
      if (call.path !== '/api/candidate/applications/40') return undefined;
      if (call.method === 'PATCH') {
        return jsonResponse(422, {
          code: 'validation',
          message: m.locationsInvalid,
          errors: { locations: [m.locationsInvalid] },
        });
      }
      return jsonResponse(200, makeApplication());
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change locations' }));
    const dialog = screen.getByRole('dialog', { name: 'Change locations' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save locations' }));
    expect(await screen.findByText(m.locationsFailed)).toBeTruthy();
    expect(within(dialog).getByText(m.locationsInvalid)).toBeTruthy();
  });

  it('withdraws after confirmation: "Application Archived", then nothing more to do', async () => {
    let archived = false;
    const calls = renderApplication((call) => {
      if (call.path === '/api/candidate/applications/40/archive') {
        archived = true;
        return jsonResponse(
          200,
          makeApplication({ status: 'Withdrawn', archivedAt: '2026-11-22T09:00:00.000Z' }),
        );
      }
      if (call.path === '/api/candidate/applications/40') {
        return jsonResponse(
          200,
          archived
            ? makeApplication({ status: 'Withdrawn', archivedAt: '2026-11-22T09:00:00.000Z' })
            : makeApplication(),
        );
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(m.archived)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/archive'))!.method).toBe('PATCH');
    expect(await screen.findByText('You withdrew this application')).toBeTruthy();
    expect(screen.getByTestId('application-status').textContent).toBe('Withdrawn');
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change locations' })).toBeNull();
  });

  it('says when withdrawing failed, in the words users know', async () => {
    renderApplication((call) => {
      if (call.path.endsWith('/archive')) {
        return jsonResponse(500, { code: 'internal', message: 'Something went wrong' });
      }
      if (call.path === '/api/candidate/applications/40') {
        return jsonResponse(200, makeApplication());
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Withdraw your application?' })).getByRole(
        'button',
        { name: 'Withdraw' },
      ),
    );
    expect(await screen.findByText(m.archiveFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Withdraw your application?' })).toBeTruthy();
  });

  it('shows the not-found page for another candidate’s application (404)', async () => {
    renderApplication(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('points a regretted application to the open opportunities the candidate qualifies for', async () => {
    const open = (id: number, name: string) => ({
      id,
      name,
      kind: 'job',
      summary: null,
      logo: null,
      publishedAt: '2026-11-01T00:00:00.000Z',
      opensAt: '2026-11-01T00:00:00.000Z',
      closesAt: '2099-01-31T12:00:00.000Z',
      commencesAt: null,
      isOpen: true,
      eligible: true,
      organization: { id: 1, name: 'Ubuntu Bank', logo: null },
      locations: [
        { id, address: 'Somewhere', city: 'Johannesburg', latitude: -26.2, longitude: 28 },
      ],
      locationCount: 1,
      distanceInMeters: null,
    });
    const calls = renderApplication((call) => {
      if (call.path === '/api/candidate/applications/40') {
        return jsonResponse(200, makeApplication({ status: 'Unsuccessful' }));
      }
      if (call.path.startsWith('/api/candidate/opportunities?')) {
        return jsonResponse(200, {
          // The regretted opportunity itself (id 5) is left out of the list shown.
          items: [open(5, 'Graduate Programme: Technology'), open(61, 'Data Bursary')],
          page: 1,
          per: 25,
          total: 2,
          sort: { field: 'distance_in_meters', direction: 'ASC' },
          filters: {},
        });
      }
      return undefined;
    });
    const section = await screen.findByRole('region', {
      name: 'Open opportunities you qualify for now',
    });
    expect(
      within(section)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Data Bursary']);
    const search = calls.find((c) => c.path.startsWith('/api/candidate/opportunities?'))!;
    const query = new URLSearchParams(search.path.split('?')[1]);
    expect(query.get('eligible')).toBe('true');
    expect(
      within(section)
        .getByRole('link', { name: 'See every opportunity you qualify for' })
        .getAttribute('href'),
    ).toMatch(/^\/opportunities\?.*eligible=true/);
  });

  it('shows no such list while the application is still in the running', async () => {
    const calls = renderApplication((call) =>
      call.path === '/api/candidate/applications/40'
        ? jsonResponse(200, makeApplication({ status: 'Interview' }))
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Graduate Programme: Technology', level: 1 });
    expect(
      screen.queryByRole('region', { name: 'Open opportunities you qualify for now' }),
    ).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/candidate/opportunities?'))).toBe(false);
  });
});
