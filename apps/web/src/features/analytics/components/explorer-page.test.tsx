import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ExplorerResult } from '@pathways/shared/analytics/analytics.schemas';

import {
  currentLocation,
  jsonResponse,
  loadSignedInPage,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';

// The analytics explorer offers the tracker's filters the API takes; a filter chosen on the page
// is written to the address and asked of the server, an address with filters asks the same, and
// an answer the server withholds shows its reason instead of a chart.

configure({ asyncUtilTimeout: 15_000 });

// The page's module graph (MUI's selects and autocompletes, the charts, the tracker's filters) is
// loaded once here, where a busy machine may take its time, so that each test's waits are about
// what the page renders and asks, not about loading code cold.
beforeAll(() => loadSignedInPage(() => import('./explorer-page')), 120_000);

const page = <T,>(items: T[]) => ({ items, page: 1, per: 100, total: items.length });
const types = [
  { id: 1, name: 'Certificate', nqfLevel: 5, position: 1 },
  { id: 2, name: "Bachelor's degree", nqfLevel: 7, position: 2 },
];

const answer = (overrides: Partial<ExplorerResult> = {}): ExplorerResult => ({
  measure: 'applicants',
  dimension: 'week',
  withheld: null,
  total: 12,
  rows: [
    { key: '2026-11-09', label: '9 Nov', count: 7 },
    { key: '2026-11-16', label: '16 Nov', count: 5 },
  ],
  ...overrides,
});

function render(path: string, explore: (call: FetchCall) => ExplorerResult = () => answer()) {
  signIn({ role: 'client', primary: true, sub: '5' });
  const calls = mockFetch((call) => {
    if (call.path.startsWith('/api/client/clients/')) {
      return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
    }
    if (call.path.startsWith('/api/client/organization/analytics/explore')) {
      return jsonResponse(200, explore(call));
    }
    if (call.path.startsWith('/api/client/opportunities')) {
      return jsonResponse(200, { items: [], all: true });
    }
    if (call.path === '/api/qualification_types') return jsonResponse(200, page(types));
    if (call.path === '/api/qualification_categories') return jsonResponse(200, page([]));
    if (call.path === '/api/disciplines') return jsonResponse(200, page([]));
    if (call.path.startsWith('/api/institutions')) return jsonResponse(200, page([]));
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  return { calls, result: renderApp(path) };
}

/** The query string of the explorer's latest request. */
const lastAsked = (calls: FetchCall[]) => {
  const asked = calls.filter((c) =>
    c.path.startsWith('/api/client/organization/analytics/explore'),
  );
  return new URL(asked.at(-1)!.path, 'http://localhost').searchParams;
};

describe('the analytics explorer', () => {
  it('sends a chosen filter to the server and writes it to the address', async () => {
    const user = userEvent.setup();
    const { calls, result } = render('/client/analytics/explorer');
    await screen.findByRole('heading', { level: 1, name: 'Analytics explorer' });
    await screen.findByText('Total: 12');

    // The tracker's controls, with the tracker's labels.
    await user.click(screen.getByRole('combobox', { name: 'Qualification types' }));
    await user.click(await screen.findByRole('option', { name: "Bachelor's degree" }));
    await waitFor(() => expect(lastAsked(calls).get('types')).toBe('2'));
    expect(currentLocation(result)).toContain('types=2');

    await user.click(screen.getByRole('combobox', { name: 'Eligibility' }));
    await user.click(await screen.findByRole('option', { name: 'Not eligible' }));
    await user.click(screen.getByRole('switch', { name: 'Referred only' }));
    await waitFor(() => expect(lastAsked(calls).get('referred')).toBe('true'));
    const asked = lastAsked(calls);
    expect(asked.get('types')).toBe('2');
    expect(asked.get('eligible')).toBe('false');
    const address = new URLSearchParams(currentLocation(result).split('?')[1]);
    expect(Object.fromEntries(address)).toEqual({
      types: '2',
      eligible: 'false',
      referred: 'true',
    });

    // Clearing the filters takes them out of the address (the unfiltered answer is the one
    // already fetched); what is counted stays.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation(result)).toBe('/client/analytics/explorer'));
    expect(
      (screen.getByRole('switch', { name: 'Referred only' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.queryByRole('button', { name: "Bachelor's degree" })).toBeNull();
  });

  it('asks what a shared address says and shows its filters chosen', async () => {
    const { calls } = render(
      '/client/analytics/explorer?measure=regrets&dimension=gender&genders=female,male&complete=true&institutions=9&from=2026-01-01',
    );
    await screen.findByText('Total: 12');
    const asked = lastAsked(calls);
    expect(Object.fromEntries(asked)).toEqual({
      measure: 'regrets',
      dimension: 'gender',
      from: '2026-01-01',
      genders: 'female,male',
      institutions: '9',
      complete: 'true',
    });
    const genders = screen
      .getByRole('combobox', { name: 'Genders' })
      .closest('.MuiAutocomplete-root');
    expect(within(genders as HTMLElement).getByRole('button', { name: 'Female' })).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Complete profiles only' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('figure', { name: 'Regrets by gender' })).toBeTruthy();
  });

  it('shows the server’s reason, not an empty chart, when it withholds the answer', async () => {
    render('/client/analytics/explorer?genders=non_binary', () =>
      answer({ withheld: 'small_group', total: null, rows: [] }),
    );
    await screen.findByText('These filters leave fewer than 5 people, so nothing is shown.');
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
