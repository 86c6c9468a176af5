import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { PublicListing } from '@pathways/shared/listings/listings.schemas';
import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';

import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const notFound = () => jsonResponse(404, { code: 'not_found', message: 'Not found' });

function item(id: number, name: string): OpportunityListItem {
  return {
    id,
    name,
    kind: 'bursary',
    summary: null,
    logo: null,
    publishedAt: inDays(-20),
    opensAt: inDays(-10),
    closesAt: inDays(30),
    commencesAt: null,
    isOpen: true,
    organization: { id: 4, name: 'Baobab Telecom', logo: null },
    locations: [],
    locationCount: 0,
    distanceInMeters: null,
  };
}

const listing: PublicListing = {
  id: 2,
  name: 'Engineering and technology careers fair',
  description: 'The opportunities we spoke about at the careers fairs.',
  organization: { id: 4, name: 'Baobab Telecom', logo: null },
  items: [
    item(9, 'Network Engineering Graduate'),
    item(3, 'Engineering and ICT Bursary'),
    item(5, 'Software Developer Internship'),
  ],
};

describe('the listing page', () => {
  it('shows the listing, its organization and its opportunities in their order', async () => {
    mockFetch(({ path }) => (path === '/api/listings/2' ? jsonResponse(200, listing) : notFound()));
    renderApp('/listings/2');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Engineering and technology careers fair',
      }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Engineering and technology careers fair · Pathways'),
    );
    expect(screen.getByText('The opportunities we spoke about at the careers fairs.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baobab Telecom' }).getAttribute('href')).toBe(
      '/organizations/4/baobab-telecom',
    );
    expect(screen.getByRole('heading', { level: 2, name: '3 opportunities' })).toBeTruthy();
    const list = screen.getByRole('list', { name: listing.name });
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Network Engineering Graduate',
      'Engineering and ICT Bursary',
      'Software Developer Internship',
    ]);
    expect(screen.getByRole('button', { name: 'Sign up to apply' })).toBeTruthy();
  });

  it('says so when nothing is listed', async () => {
    mockFetch(() => jsonResponse(200, { ...listing, items: [] }));
    renderApp('/listings/2');
    expect(await screen.findByText(/Nothing is listed here right now/)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'See everything Baobab Telecom offers' })
        .getAttribute('href'),
    ).toBe('/organizations/4/baobab-telecom');
  });

  it('is not found for a draft or unknown listing and for a malformed id', async () => {
    const calls = mockFetch(() => notFound());
    renderApp('/listings/77');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · Pathways'));
    renderApp('/listings/0');
    expect((await screen.findAllByRole('heading', { name: 'Page not found' })).length).toBe(2);
    expect(calls.map((c) => c.path)).toEqual(['/api/listings/77']);
  });

  it('offers to try again when the listing cannot be loaded', async () => {
    mockFetch(() => jsonResponse(503, { code: 'unavailable', message: 'Down' }));
    renderApp('/listings/2');
    expect(
      await screen.findByText(/This listing could not be loaded/, {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
