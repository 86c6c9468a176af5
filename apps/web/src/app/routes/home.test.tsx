import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderApp } from '../../testing/test-utils';

const featured = {
  items: [
    {
      id: 7,
      name: 'Data Analyst Internship',
      kind: 'job',
      summary: null,
      logo: null,
      publishedAt: '2026-11-01T00:00:00.000Z',
      opensAt: '2026-11-01T00:00:00.000Z',
      closesAt: '2099-01-31T12:00:00.000Z',
      commencesAt: null,
      isOpen: true,
      organization: { id: 3, name: 'Indlovu Bank', logo: null },
      locations: [],
      locationCount: 0,
      distanceInMeters: null,
    },
  ],
  page: 1,
  per: 6,
  total: 1,
  sort: { field: 'opens_at', direction: 'DESC' },
  filters: {},
};

const api = () => mockFetch(() => jsonResponse(200, featured));
const listCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/api/opportunities'));

describe('the home page', () => {
  afterEach(() => {
    delete (navigator as { connection?: unknown }).connection;
  });

  it('shows the featured opportunities', async () => {
    const calls = api();
    renderApp('/');
    expect(
      await screen.findByRole(
        'link',
        { name: 'Data Analyst Internship' },
        // The list's code is a lazy chunk: the first import takes a moment.
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show featured opportunities' })).toBeNull();
  });

  it('fetches the featured list only when asked, when the browser asks to save data', async () => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    const calls = api();
    renderApp('/');
    const show = await screen.findByRole('button', { name: 'Show featured opportunities' });
    expect(listCalls(calls)).toHaveLength(0);
    fireEvent.click(show);
    expect(
      await screen.findByRole(
        'link',
        { name: 'Data Analyst Internship' },
        // The list's code is a lazy chunk: the first import takes a moment.
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });
});
