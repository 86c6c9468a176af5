import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';
import type { PublicOrganization } from '@pathways/shared/organizations/organizations.schemas';

import { currentLocation, jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { organizationPagePath } from '../utils/organization-path';
import { initials } from './organization-logo';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const notFound = () => jsonResponse(404, { code: 'not_found', message: 'Not found' });

const organization: PublicOrganization = {
  id: 3,
  name: 'Mokoena Protea Attorneys',
  slug: 'mokoena-protea',
  logo: null,
  description: 'A Johannesburg law firm.',
  website: 'https://mpattorneys.example',
  industry: 'Law',
  locations: [
    {
      id: 8,
      name: 'Head office',
      address: 'Sandton, Johannesburg',
      city: 'Sandton',
      province: 'Gauteng',
      country: 'ZA',
      latitude: -26.1,
      longitude: 28.05,
    },
  ],
};

function item(id: number): OpportunityListItem {
  return {
    id,
    name: `Opportunity ${id}`,
    kind: 'job',
    summary: null,
    logo: null,
    publishedAt: inDays(-20),
    opensAt: inDays(-10),
    closesAt: inDays(30),
    commencesAt: null,
    isOpen: true,
    organization: { id: 3, name: organization.name, logo: null },
    locations: [],
    locationCount: 0,
    distanceInMeters: null,
  };
}

/** 12 opportunities, 10 a page. */
function api() {
  return mockFetch(({ path }) => {
    if (path === '/api/organizations/3') return jsonResponse(200, organization);
    const page = /^\/api\/opportunities\?organization=3&per=10&page=(\d+)$/.exec(path)?.[1];
    if (page) {
      const ids = page === '1' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [11, 12];
      return jsonResponse(200, {
        items: ids.map(item),
        page: Number(page),
        per: 10,
        total: 12,
        sort: { field: 'opens_at', direction: 'DESC' },
        filters: { organization: [3] },
      });
    }
    return notFound();
  });
}

describe('organizationPagePath', () => {
  it('adds the name as a slug', () => {
    expect(organizationPagePath(3, 'Mokoena Protea Attorneys')).toBe(
      '/organizations/3/mokoena-protea-attorneys',
    );
    expect(organizationPagePath(4, 'Café Ñandú & Co.')).toBe('/organizations/4/cafe-nandu-co');
    expect(organizationPagePath(5, '***')).toBe('/organizations/5');
  });

  it('gives initials for a missing logo', () => {
    expect(initials('Indlovu Bank')).toBe('IB');
    expect(initials('Baobab')).toBe('B');
    expect(initials('(The) Umoya Retail Group')).toBe('UR');
  });
});

describe('the organization page', () => {
  it('puts the name in the address, shows the organization and pages its opportunities', async () => {
    const calls = api();
    const result = renderApp('/organizations/3?utm=x');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mokoena Protea Attorneys' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(currentLocation(result)).toBe('/organizations/3/mokoena-protea-attorneys?utm=x'),
    );
    await waitFor(() => expect(document.title).toBe('Mokoena Protea Attorneys · Pathways'));
    expect(screen.getByText('A Johannesburg law firm.')).toBeTruthy();
    expect(screen.getByText('Law')).toBeTruthy();
    const places = screen.getByRole('list', { name: 'Where Mokoena Protea Attorneys is' });
    expect(within(places).getByText('Head office: Sandton, Johannesburg')).toBeTruthy();
    expect(screen.getByRole('link', { name: /mpattorneys\.example/ }).getAttribute('href')).toBe(
      'https://mpattorneys.example',
    );

    const list = await screen.findByRole('list', {
      name: 'Opportunities at Mokoena Protea Attorneys',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('12 opportunities · page 1 of 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('link', { name: 'Opportunity 12' })).toBeTruthy();
    expect(currentLocation(result)).toBe('/organizations/3/mokoena-protea-attorneys?utm=x&page=2');
    expect(calls.map((c) => c.path)).toContain('/api/opportunities?organization=3&per=10&page=2');
  });

  it('replaces an old name in the address and keeps the page', async () => {
    api();
    const result = renderApp('/organizations/3/old-name?page=2');
    expect(await screen.findByRole('link', { name: 'Opportunity 11' })).toBeTruthy();
    await waitFor(() =>
      expect(currentLocation(result)).toBe('/organizations/3/mokoena-protea-attorneys?page=2'),
    );
  });

  it('is not found for an unknown organization or a malformed id', async () => {
    const calls = api();
    renderApp('/organizations/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    renderApp('/organizations/abc');
    expect((await screen.findAllByRole('heading', { name: 'Page not found' })).length).toBe(2);
    expect(calls.map((c) => c.path)).toEqual(['/api/organizations/99']);
  });
});
