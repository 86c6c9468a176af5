import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';
import { screeningMessages } from '@pathways/shared/screening/screening.schemas';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { listAnswer, makeRow, phasesAnswer, workspace } from '../testing/fixtures';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

const TRACKER = '/client/opportunities/7/applications';

/**
 * The API as the tracker sees it: the workspace, its phases, the applications in pages of
 * `per`, and the screening actions, which change the rows and answer as the server does.
 */
function serve(
  rows: ApplicantRow[],
  extra: (call: FetchCall) => Response | undefined | Promise<Response | undefined> = () =>
    undefined,
) {
  const state = new Map(rows.map((row) => [row.id, { ...row }]));
  const moved = (ids: number[], phaseId: number) => {
    const items = ids.map((id) => {
      const row = state.get(id)!;
      const previousPhaseId = row.phaseId;
      row.phaseId = phaseId;
      return { id, phaseId, previousPhaseId, regrettedAt: null };
    });
    return jsonResponse(200, { items, events: [] });
  };
  signIn({ role: 'client', primary: true, sub: '5' });
  const calls = mockFetch(async (call) => {
    const answer = await extra(call);
    if (answer) return answer;
    const url = new URL(call.path, 'http://localhost');
    if (call.path.startsWith('/api/client/clients/')) {
      return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
    }
    if (url.pathname === '/api/client/opportunities/7') {
      return jsonResponse(200, { opportunity: workspace() });
    }
    if (url.pathname === '/api/client/opportunities/7/phases')
      return jsonResponse(200, phasesAnswer);
    if (url.pathname === '/api/client/opportunities/7/applications/list') {
      return jsonResponse(200, listAnswer([...state.values()], url.searchParams, 1).page);
    }
    if (url.pathname === '/api/client/opportunities/7/applications/ids') {
      return jsonResponse(200, { ids: listAnswer([...state.values()], url.searchParams, 1).ids });
    }
    if (url.pathname === '/api/client/opportunities/7/applications' && call.method === 'GET') {
      const page = Number(url.searchParams.get('page'));
      const per = Number(url.searchParams.get('per'));
      const all = [...state.values()];
      return jsonResponse(200, {
        items: all.slice((page - 1) * per, page * per),
        page,
        per,
        total: all.length,
      });
    }
    const one = /applications\/(\d+)\/events$/.exec(url.pathname);
    if (one && call.method === 'POST') {
      return moved([Number(one[1])], (call.body as { phaseId: number }).phaseId);
    }
    if (url.pathname.endsWith('/applications/assign')) {
      const body = call.body as { phaseId: number; opportunityApplicationIds: number[] };
      return moved(body.opportunityApplicationIds, body.phaseId);
    }
    if (url.pathname.endsWith('/applications/regret')) {
      const ids = (call.body as { applicationIds: number[] }).applicationIds;
      const at = '2026-11-24T10:00:00.000Z';
      for (const id of ids) state.get(id)!.regrettedAt = at;
      const items = ids.map((id) => ({
        id,
        phaseId: state.get(id)!.phaseId,
        previousPhaseId: state.get(id)!.phaseId,
        regrettedAt: at,
      }));
      return jsonResponse(200, { items, events: [] });
    }
    if (url.pathname.endsWith('/rating')) {
      const id = Number(url.pathname.split('/').at(-2));
      return jsonResponse(200, { id, applicationRating: (call.body as { rating: number }).rating });
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  return calls;
}

/** Waits for every page to have arrived. */
const loaded = async () => {
  await screen.findByRole('tablist', { name: 'Phases' });
  await waitFor(() => expect(screen.queryByText(/Loading applications/)).toBeNull());
};

const tabsShown = async () => {
  const tabs = await screen.findByRole('tablist', { name: 'Phases' });
  return within(tabs)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
};

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Applicants' }))
    .getAllByRole('row')
    .slice(1);

const names = () => bodyRows().map((row) => row.getAttribute('aria-label'));

describe('the tracker', () => {
  it('loads every page in turn with the progress shown, then pages 25 rows at a time', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => makeRow(i + 1));
    let releaseSecond = () => {};
    const second = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const calls = serve(rows, async (call) => {
      if (call.path.includes('/applications?page=2')) await second;
      return undefined;
    });
    const result = renderApp(TRACKER);

    expect(await screen.findByText('Loading applications: 250 / 600')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: /Loading applications/ })).toBeTruthy();
    releaseSecond();
    await waitFor(() => expect(screen.queryByText(/Loading applications/)).toBeNull());

    // The first page of the list says how many there are: few enough to load them all.
    expect(
      calls.find((c) => c.path.startsWith('/api/client/opportunities/7/applications'))?.path,
    ).toMatch(/^\/api\/client\/opportunities\/7\/applications\/list\?/);
    const loads = calls.filter((c) =>
      c.path.startsWith('/api/client/opportunities/7/applications?'),
    );
    expect(loads.map((c) => c.path)).toEqual([
      '/api/client/opportunities/7/applications?page=1&per=250',
      '/api/client/opportunities/7/applications?page=2&per=250',
      '/api/client/opportunities/7/applications?page=3&per=250',
    ]);
    expect(await tabsShown()).toEqual([
      'Applied (600)',
      'Interview (0)',
      'Offer (0)',
      'Regretted (0)',
      'Withdrawn (0)',
    ]);
    expect(bodyRows()).toHaveLength(25);
    expect(names()[0]).toBe('First1 Last1');
    expect(screen.getByText('1–25 of 600')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()[0]).toBe('First26 Last26');
    expect(currentLocation(result)).toBe(`${TRACKER}?page=2`);
  });

  it('ranks eligible and complete applicants first', async () => {
    serve([
      makeRow(1, { eligibility: { eligible: false, referredAt: null } }),
      makeRow(2, { complete: false }),
      makeRow(3),
    ]);
    renderApp(TRACKER);
    await loaded();
    expect(names()).toEqual(['First3 Last3', 'First1 Last1', 'First2 Last2']);
  });

  it('reads the whole view from the address: filters, sort, phase tab', async () => {
    serve([
      makeRow(1, { phaseId: 2, profile: { firstName: 'Zanele', lastName: 'Dube' } }),
      makeRow(2, { phaseId: 2, profile: { firstName: 'Zandi', lastName: 'Abrahams' } }),
      makeRow(3, { phaseId: 2, profile: { firstName: 'Thabo', lastName: 'Zwane' } }),
      makeRow(4, { phaseId: 1, profile: { firstName: 'Zoe', lastName: 'Brown' } }),
      makeRow(5, {
        phaseId: 2,
        profile: { firstName: 'Zanele', lastName: 'Khumalo' },
        eligibility: { eligible: false, referredAt: null },
      }),
    ]);
    renderApp(`${TRACKER}?name=zan&eligible=true&sort=profile.lastName.sort&phase=2`);
    await loaded();
    expect(await tabsShown()).toEqual([
      'Applied (0)',
      'Interview (2)',
      'Offer (0)',
      'Regretted (0)',
      'Withdrawn (0)',
    ]);
    expect(screen.getByRole('tab', { name: 'Interview (2)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(names()).toEqual(['Zandi Abrahams', 'Zanele Dube']);
    expect((screen.getByLabelText('Search by name') as HTMLInputElement).value).toBe('zan');
  });

  it('filters by name as you type and writes it to the address', async () => {
    serve([
      makeRow(1, { profile: { firstName: 'Zanele', lastName: 'Dube' } }),
      makeRow(2, { profile: { firstName: 'Thabo', lastName: 'Zwane' } }),
    ]);
    const result = renderApp(TRACKER);
    await loaded();
    await userEvent.type(screen.getByLabelText('Search by name'), 'thab');
    await waitFor(() => expect(names()).toEqual(['Thabo Zwane']));
    // The address follows once the typing pauses.
    await waitFor(() => expect(currentLocation(result)).toBe(`${TRACKER}?name=thab`));
  });

  it('moves the chosen applicants, then undoes the move from the snackbar', async () => {
    const calls = serve([makeRow(1), makeRow(2), makeRow(3)]);
    renderApp(TRACKER);
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First3 Last3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to phase' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Interview' }));

    expect(await screen.findByText('2 applications moved to Interview')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      {
        path: '/api/client/opportunities/7/applications/assign',
        body: { phaseId: 2, opportunityApplicationIds: [1, 3] },
      },
    ]);
    // In place: the rows moved tab without loading the list again.
    expect(await tabsShown()).toContain('Interview (2)');
    expect(names()).toEqual(['First2 Last2']);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The move was undone')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/client/opportunities/7/applications/assign',
      body: { phaseId: 1, opportunityApplicationIds: [1, 3] },
    });
    expect(await tabsShown()).toContain('Applied (3)');
    expect(
      calls.filter((c) => c.path.startsWith('/api/client/opportunities/7/applications?')),
    ).toHaveLength(1);
  });

  it('moves one applicant with its own event', async () => {
    const calls = serve([makeRow(1), makeRow(2)]);
    renderApp(TRACKER);
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to phase' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Offer' }));
    expect(
      await screen.findByText(screeningMessages.moved.replace('{phase}', 'Offer')),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      { path: '/api/client/opportunities/7/applications/2/events', body: { phaseId: 3 } },
    ]);
  });

  it('shows the server’s reason when a bulk move is refused', async () => {
    const message = screeningMessages.foreignIds.replace('{ids}', '2');
    serve([makeRow(1), makeRow(2)], (call) =>
      call.path.endsWith('/assign')
        ? jsonResponse(422, { errors: { opportunityApplicationIds: [message] } })
        : undefined,
    );
    renderApp(TRACKER);
    await loaded();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select all 2 filtered applicants' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move to phase' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Interview' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await tabsShown()).toContain('Applied (2)');
  });

  it('regrets after a confirmation that says the candidates will be told', async () => {
    const calls = serve([makeRow(1), makeRow(2), makeRow(3)]);
    renderApp(TRACKER);
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Regret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regret 2 applicants?' });
    expect(dialog.textContent).toContain('will be told');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regret and tell them' }));
    expect(await screen.findByText('2 applications regretted')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
      {
        path: '/api/client/opportunities/7/applications/regret',
        body: { applicationIds: [1, 2] },
      },
    ]);
    expect(await tabsShown()).toContain('Regretted (2)');
  });

  it('rates an applicant with the stars', async () => {
    const calls = serve([makeRow(1)]);
    renderApp(TRACKER);
    await loaded();
    const row = screen.getByRole('row', { name: 'First1 Last1' });
    // A plain click: the stars follow the pointer's position, which happy-dom does not lay out.
    fireEvent.click(within(row).getByRole('radio', { name: '4 stars' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
        { path: '/api/client/opportunities/7/applications/1/rating', body: { rating: 4 } },
      ]),
    );
  });

  it('hides names and photos under blind review and remembers it for the user', async () => {
    serve([makeRow(1, { profile: { avatarUrl: '/api/avatars/1' } }), makeRow(2)]);
    renderApp(TRACKER);
    await loaded();
    expect(names()).toEqual(['First1 Last1', 'First2 Last2']);
    await userEvent.click(screen.getByRole('switch', { name: 'Blind review' }));
    expect(names()).toEqual(['Applicant #1', 'Applicant #2']);
    expect(screen.queryByText(/First1/)).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByLabelText('Genders')).toBeNull();
    expect(localStorage.getItem('pathways.blindReview.5')).toBe('1');
  });

  it('opens an application with the walk through the list as shown', async () => {
    serve([
      makeRow(1, { profile: { lastName: 'Cele' } }),
      makeRow(2, { profile: { lastName: 'Abrahams' } }),
      makeRow(3, { profile: { lastName: 'Botha' }, phaseId: 2 }),
      makeRow(4, { profile: { lastName: 'Adams' } }),
    ]);
    const result = renderApp(`${TRACKER}?sort=profile.lastName.sort`);
    await loaded();
    await userEvent.click(screen.getByRole('link', { name: 'First1 Cele' }));
    await waitFor(() =>
      expect(currentLocation(result)).toBe('/client/opportunities/7/applications/1'),
    );
    expect(JSON.parse(sessionStorage.getItem('pathways.applicantWalk.7') ?? 'null')).toEqual([
      2, 4, 1,
    ]);
  });

  it('offers the documents of the chosen applicants', async () => {
    serve([makeRow(1), makeRow(2)]);
    renderApp(TRACKER);
    await loaded();
    const request = screen.getByRole('button', { name: 'Request documents' });
    expect(request.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    expect(request.hasAttribute('disabled')).toBe(false);
  });
});
