import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp, signIn } from '../../../testing/test-utils';
import { listAnswer, makeRow } from '../testing/fixtures';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

const workspaceItem = (id: number, name: string) => ({
  id,
  name,
  kind: 'job',
  publishedAt: '2026-10-01T08:00:00.000Z',
  opensAt: null,
  closesAt: null,
  commencesAt: null,
  isActive: true,
  phases: [],
  regretted: 0,
  withdrawn: 0,
});

describe('every application across workspaces', () => {
  it('lists them with their opportunity, active, regretted and withdrawn apart', async () => {
    const rows = [
      makeRow(1, { opportunityId: 7, profile: { firstName: 'Zanele', lastName: 'Dube' } }),
      makeRow(2, { opportunityId: 8, profile: { firstName: 'Thabo', lastName: 'Zwane' } }),
      makeRow(3, { opportunityId: 8, regrettedAt: '2026-11-20T08:00:00.000Z' }),
      makeRow(4, { opportunityId: 7, archivedAt: '2026-11-21T08:00:00.000Z' }),
    ];
    signIn({ role: 'client', primary: true, sub: '5' });
    const calls = mockFetch((call) => {
      if (call.path.startsWith('/api/client/clients/')) {
        return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
      }
      if (call.path === '/api/client/opportunities?all=true') {
        return jsonResponse(200, {
          all: true,
          items: [workspaceItem(7, 'Graduate Programme'), workspaceItem(8, 'Data Bursary')],
        });
      }
      if (call.path === '/api/client/applications?page=1&per=250') {
        return jsonResponse(200, { items: rows, page: 1, per: 250, total: rows.length });
      }
      if (call.path.startsWith('/api/client/applications/list?')) {
        const params = new URL(call.path, 'http://localhost').searchParams;
        return jsonResponse(200, listAnswer(rows, params, null).page);
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
    renderApp('/client/applications');

    const tabs = await screen.findByRole('tablist', { name: 'Phases' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['In progress (2)', 'Regretted (1)', 'Withdrawn (1)']),
    );
    const table = screen.getByRole('table', { name: 'Applicants' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Zanele Dube',
      'Thabo Zwane',
    ]);
    expect(within(bodyRows[1]!).getByText('Data Bursary')).toBeTruthy();
    expect(
      within(bodyRows[1]!).getByRole('link', { name: 'Thabo Zwane' }).getAttribute('href'),
    ).toBe('/client/opportunities/8/applications/2');
    // Moving needs one workspace's phases: it is done in that workspace's tracker.
    expect(screen.queryByRole('button', { name: 'Move to phase' })).toBeNull();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Regretted (1)' }));
    expect(
      within(screen.getByRole('table', { name: 'Applicants' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['First3 Last3']);
    expect(calls.filter((c) => c.path.includes('/applications?'))).toHaveLength(1);
  });

  it('shows, on its second tab, the candidates who qualify but have not applied', async () => {
    signIn({ role: 'client', primary: true, sub: '5' });
    const calls = mockFetch((call) => {
      if (call.path.startsWith('/api/client/clients/')) {
        return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
      }
      if (call.path === '/api/client/opportunities?all=true') {
        return jsonResponse(200, { all: true, items: [workspaceItem(7, 'Graduate Programme')] });
      }
      if (call.path === '/api/client/applications?page=1&per=250') {
        return jsonResponse(200, { items: [], page: 1, per: 250, total: 0 });
      }
      if (call.path.startsWith('/api/client/eligibilities')) {
        return jsonResponse(200, {
          items: [
            {
              id: 11,
              candidateId: 101,
              name: 'Amahle Dlamini',
              photoUrl: null,
              completion: 100,
              eligible: true,
              referredAt: null,
              invitedAt: null,
              applied: false,
              withdrawn: false,
              profileUpdatedAt: '2026-11-20T08:00:00.000Z',
              criteria: { met: 3, unmet: 0, unknown: 0 },
              opportunity: { id: 7, name: 'Graduate Programme' },
            },
          ],
          page: 1,
          per: 25,
          total: 1,
        });
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
    renderApp('/client/applications');

    const kinds = await screen.findByRole('tablist', { name: 'Candidates' });
    // The qualified list is asked for only once its tab is opened.
    expect(calls.some((c) => c.path.startsWith('/api/client/eligibilities'))).toBe(false);
    await userEvent.click(within(kinds).getByRole('tab', { name: 'Qualified' }));
    const table = await screen.findByRole('table', { name: 'Qualified candidates' });
    expect(await within(table).findByText('Amahle Dlamini')).toBeTruthy();
    expect(
      within(table).getByRole('link', { name: 'Graduate Programme' }).getAttribute('href'),
    ).toBe('/client/opportunities/7/eligibilities');
    expect(screen.queryByRole('table', { name: 'Applicants' })).toBeNull();
  });
});
