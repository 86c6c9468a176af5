import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  jsonResponse,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { makeList, makeSummary, shellResponse } from '../testing/fixtures';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

function renderDashboard(handler: (call: FetchCall) => Response | undefined, role = 'candidate') {
  signIn({ role: role as 'candidate' });
  mockFetch((call) => handler(call) ?? shellResponse(call));
  return renderApp('/dashboard');
}

const invite = {
  id: 3,
  invitedAt: '2026-11-18T08:00:00.000Z',
  opportunity: {
    ...makeSummary().opportunity,
    id: 9,
    name: 'Candidate Engineer: Water',
    organization: { id: 2, name: 'Imvelo Engineering', logo: null },
  },
};

describe('the dashboard', () => {
  it('lists the applications with their counts per status and links to each', async () => {
    renderDashboard((call) => {
      if (call.path.startsWith('/api/candidate/applications')) {
        return jsonResponse(
          200,
          makeList([
            makeSummary({ id: 40, status: 'Interview', completion: 90 }),
            makeSummary({
              id: 41,
              status: 'Withdrawn',
              archivedAt: '2026-11-21T08:00:00.000Z',
              opportunity: { ...makeSummary().opportunity, id: 6, name: 'Data Analyst Internship' },
            }),
            makeSummary({
              id: 42,
              status: 'Interview',
              opportunity: { ...makeSummary().opportunity, id: 7, name: 'Paralegal' },
            }),
          ]),
        );
      }
      if (call.path === '/api/candidate/invites') return jsonResponse(200, { items: [invite] });
      return undefined;
    });
    const counts = await screen.findByRole('list', { name: 'Applications per status' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Interview 2', 'Withdrawn 1']);
    const list = screen.getByRole('list', { name: 'Applications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/candidate/applications/40',
      '/candidate/applications/41',
      '/candidate/applications/42',
    ]);
    expect(links[0]!.textContent).toContain('Indlovu Bank · Applied 20 November 2026');
    expect(within(links[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('90');
    const invites = await screen.findByRole('list', { name: 'Invites' });
    const inviteLink = within(invites).getByRole('link', { name: 'Candidate Engineer: Water' });
    expect(inviteLink.getAttribute('href')).toBe('/opportunities/9/candidate-engineer-water');
    // The to-do card stays.
    expect(screen.getByRole('heading', { name: 'My to do list' })).toBeTruthy();
  });

  it('without applications, links to the opportunities', async () => {
    renderDashboard((call) => {
      if (call.path.startsWith('/api/candidate/applications'))
        return jsonResponse(200, makeList([]));
      if (call.path === '/api/candidate/invites') return jsonResponse(200, { items: [] });
      return undefined;
    });
    const find = await screen.findByRole('link', { name: 'Find opportunities' });
    expect(find.getAttribute('href')).toBe('/opportunities');
    expect(screen.getByText(/No invites yet/)).toBeTruthy();
  });

  it('keeps the plain text for other roles', async () => {
    renderDashboard(() => undefined, 'admin');
    expect(await screen.findByText('This part of Pathways is not available yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My applications' })).toBeNull();
  });
});
