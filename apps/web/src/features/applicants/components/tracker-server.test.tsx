import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { SERVER_MODE_THRESHOLD } from '../api/get-applicant-list';
import { formatCount } from '../utils/format';
import { listAnswer, makeRow, phasesAnswer, workspace } from '../testing/fixtures';

// The tracker of a workspace too large to load whole: the server filters, sorts, counts and
// pages (its list answered here by the same shared rules its SQL is held equal to).

configure({ asyncUtilTimeout: 15_000 });

const TRACKER = '/client/opportunities/7/applications';
const LIST = '/api/client/opportunities/7/applications/list';
const COUNT = SERVER_MODE_THRESHOLD + 100;

/** Applications over the three phases; every seventh regretted. */
const manyRows = () =>
  Array.from({ length: COUNT }, (_, i) =>
    makeRow(i + 1, {
      phaseId: (i % 3) + 1,
      regrettedAt: i % 7 === 6 ? '2026-11-20T08:00:00.000Z' : null,
      complete: i % 5 !== 0,
    }),
  );

function serve(
  rows: ApplicantRow[],
  hold: (call: FetchCall) => Promise<void> | undefined = () => undefined,
) {
  signIn({ role: 'client', primary: true, sub: '5' });
  return mockFetch(async (call) => {
    await hold(call);
    const url = new URL(call.path, 'http://localhost');
    if (call.path.startsWith('/api/client/clients/')) {
      return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
    }
    if (url.pathname === '/api/client/opportunities/7') {
      return jsonResponse(200, { opportunity: workspace() });
    }
    if (url.pathname === '/api/client/opportunities/7/phases') {
      return jsonResponse(200, phasesAnswer);
    }
    if (url.pathname === LIST) {
      return jsonResponse(200, listAnswer(rows, url.searchParams, 1).page);
    }
    if (url.pathname === '/api/client/opportunities/7/applications/ids') {
      return jsonResponse(200, { ids: listAnswer(rows, url.searchParams, 1).ids });
    }
    if (url.pathname.endsWith('/applications/assign')) {
      const body = call.body as { phaseId: number; opportunityApplicationIds: number[] };
      return jsonResponse(200, {
        items: body.opportunityApplicationIds.map((id) => ({
          id,
          phaseId: body.phaseId,
          previousPhaseId: 1,
          regrettedAt: null,
        })),
        events: [],
      });
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
}

const tabsShown = async () => {
  const tabs = await screen.findByRole('tablist', { name: 'Phases' });
  return within(tabs)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
};

const names = () =>
  within(screen.getByRole('table', { name: 'Applicants' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

describe('the tracker of a large workspace', () => {
  it('shows one page from the server with the counts of every tab, never loading every row', async () => {
    const rows = manyRows();
    const calls = serve(rows);
    renderApp(TRACKER);

    const expected = listAnswer(rows, new URLSearchParams('phase=1'), 1).page;
    expect(await tabsShown()).toEqual([
      `Applied (${expected.tabs['1']})`,
      `Interview (${expected.tabs['2']})`,
      `Offer (${expected.tabs['3']})`,
      `Regretted (${expected.tabs.regretted})`,
      'Withdrawn (0)',
    ]);
    await waitFor(() => expect(names()).toHaveLength(25));
    expect(names()).toEqual(
      expected.items.map((r) => `${r.profile.firstName} ${r.profile.lastName}`),
    );
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      `${formatCount(expected.inTab)} of ${formatCount(COUNT)} applicants shown here`,
    );
    expect(calls.some((c) => c.path.includes('/applications?page='))).toBe(false);
  });

  it('pages by the cursor the server gave, kept in the address, and back', async () => {
    const rows = manyRows();
    serve(rows);
    const result = renderApp(TRACKER);
    await waitFor(() => expect(names()).toHaveLength(25));
    const first = names();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(currentLocation(result)).toContain('page=2&cursor=o25'));
    await waitFor(() => expect(names()).not.toEqual(first));
    const second = listAnswer(rows, new URLSearchParams('phase=1&cursor=o25'), 1).page.items;
    expect(names()).toEqual(second.map((r) => `${r.profile.firstName} ${r.profile.lastName}`));

    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(names()).toEqual(first));
    expect(currentLocation(result)).not.toContain('cursor=');
  });

  it('asks the server again when a filter changes, cancelling the request the next one replaces', async () => {
    const rows = manyRows();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = serve(rows, (call) =>
      call.path.includes('name=First1&') || call.path.endsWith('name=First1') ? held : undefined,
    );
    const result = renderApp(TRACKER);
    await waitFor(() => expect(names()).toHaveLength(25));

    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    await userEvent.type(box, 'First1');
    const firstAsked = () =>
      calls.find((c) => c.path.startsWith(LIST) && c.path.includes('name=First1&'));
    await waitFor(() => expect(firstAsked()).toBeDefined());
    await userEvent.type(box, '23');
    await waitFor(() => expect(currentLocation(result)).toContain('name=First123'));
    await waitFor(() => expect(firstAsked()!.signal?.aborted).toBe(true));
    release();
    const filtered = listAnswer(rows, new URLSearchParams('name=First123&phase=1'), 1).page;
    await waitFor(() =>
      expect(names()).toEqual(
        filtered.items.map((r) => `${r.profile.firstName} ${r.profile.lastName}`),
      ),
    );
    expect(filtered.items.length).toBeGreaterThan(1);
  });

  it('ticks all the filtered ones of the tab through their ids and moves every one', async () => {
    const rows = manyRows();
    const calls = serve(rows);
    renderApp(`${TRACKER}?complete=true`);
    await waitFor(() => expect(names()).toHaveLength(25));
    const { ids } = listAnswer(rows, new URLSearchParams('complete=true&phase=1'), 1);

    await userEvent.click(
      screen.getByRole('checkbox', {
        name: `Select all ${formatCount(ids.length)} filtered applicants`,
      }),
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.path.startsWith('/api/client/opportunities/7/applications/ids?')),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move to phase' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Interview' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
        {
          path: '/api/client/opportunities/7/applications/assign',
          body: { phaseId: 2, opportunityApplicationIds: ids },
        },
      ]),
    );
    // The page is asked for again after the move.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith(LIST)).length).toBeGreaterThan(1),
    );
  });

  it("opens an application with the walk along the whole filtered tab, in the server's order", async () => {
    const rows = manyRows();
    const calls = serve(rows);
    const result = renderApp(`${TRACKER}?complete=true&sort=completion&direction=desc`);
    await waitFor(() => expect(names()).toHaveLength(25));
    const { page, ids } = listAnswer(
      rows,
      new URLSearchParams('complete=true&sort=completion&direction=desc&phase=1'),
      1,
    );
    const first = page.items[0]!;
    await userEvent.click(
      screen.getByRole('link', { name: `${first.profile.firstName} ${first.profile.lastName}` }),
    );
    await waitFor(() =>
      expect(currentLocation(result)).toBe(`/client/opportunities/7/applications/${first.id}`),
    );
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('pathways.applicantWalk.7') ?? 'null')).toEqual(ids),
    );
    expect(ids.length).toBeGreaterThan(25);
    expect(
      calls.some((c) => c.path.startsWith('/api/client/opportunities/7/applications/ids?')),
    ).toBe(true);
  });
});
