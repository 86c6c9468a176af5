import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type {
  OpportunityList,
  OpportunityListItem,
} from '@pathways/shared/opportunities/opportunities.schemas';

import {
  currentLocation,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { OpportunitySearch } from './opportunity-search';

function item(id: number, overrides: Partial<OpportunityListItem> = {}): OpportunityListItem {
  return {
    id,
    name: `Opportunity ${id}`,
    kind: 'job',
    summary: null,
    logo: null,
    publishedAt: '2026-11-01T00:00:00.000Z',
    opensAt: '2026-11-01T00:00:00.000Z',
    closesAt: '2099-01-31T12:00:00.000Z',
    commencesAt: null,
    isOpen: true,
    organization: { id: 1, name: 'Ubuntu Bank', logo: null },
    locations: [{ id, address: 'Somewhere', city: 'Johannesburg', latitude: -26.2, longitude: 28 }],
    locationCount: 1,
    distanceInMeters: id * 1000,
    ...overrides,
  };
}

function list(items: OpportunityListItem[], total = items.length, page = 1): OpportunityList {
  return {
    items,
    page,
    per: 10,
    total,
    sort: { field: 'distance_in_meters', direction: 'ASC' },
    filters: {},
  };
}

function profileAt(location: { latitude: number; longitude: number; address: string }) {
  return {
    id: 1,
    countryOfBirth: null,
    identification: null,
    firstNames: null,
    lastName: null,
    bornAt: null,
    gender: null,
    ethnicity: null,
    disability: null,
    disabilityDescription: null,
    biography: null,
    mobileNumber: null,
    driversLicense: null,
    location,
    errors: {},
    completion: 0,
    updatedAt: '2026-11-01T00:00:00.000Z',
    experiences: [],
    profileQualifications: [],
    achievements: [],
    affiliations: [],
    languageProficiencies: [],
    studyRights: [],
    workRights: [],
  };
}

const emptyPage = { items: [], page: 1, per: 100, total: 0 };

/** The API: reference lists are empty; searches answer `search(call)`. */
function api(search: (call: FetchCall, query: URLSearchParams) => Response) {
  return mockFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (/^\/api\/(organizations|disciplines|qualification_types)$/.test(url.pathname))
      return jsonResponse(200, emptyPage);
    return search(call, url.searchParams);
  });
}

const searches = (calls: FetchCall[]) =>
  calls
    .map((call) => new URL(call.path, 'http://localhost'))
    .filter((url) => /opportunities$/.test(url.pathname));

describe('OpportunitySearch', () => {
  it('searches near the centre of the address bar, 10 a page, and shows the results', async () => {
    const calls = api(() => jsonResponse(200, list([item(1), item(2)], 2)));
    renderWithProviders(
      <OpportunitySearch />,
      '/opportunities?center=-26.2041,28.0473&near=Johannesburg',
    );

    expect(await screen.findByRole('link', { name: 'Opportunity 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Opportunity 2' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '2 opportunities, nearest to Johannesburg first',
    );
    const [url] = searches(calls);
    expect(url?.pathname).toBe('/api/opportunities');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      page: '1',
      per: '10',
      latitude: '-26.2041',
      longitude: '28.0473',
    });
    // "I qualify" is a candidate's filter.
    expect(screen.queryByLabelText('Only those I qualify for')).toBeNull();
  });

  it("shows a guest's map from the map's own call, not from the result page", async () => {
    const calls = api((call) => {
      if (new URL(call.path, 'http://localhost').pathname === '/api/opportunity_locations') {
        return jsonResponse(200, {
          items: [3, 4, 5].map((id) => ({
            id,
            latitude: -26.2,
            longitude: 28,
            address: 'Somewhere',
            city: 'Johannesburg',
            distanceInMeters: id * 100,
            opportunity: { id, name: `Opportunity ${id}`, kind: 'job', organizationName: 'Bank' },
          })),
          geoCenter: { latitude: -26.2041, longitude: 28.0473 },
          limit: 500,
          filters: { kind: ['job'] },
        });
      }
      return jsonResponse(200, list([item(1), item(2)], 40));
    });
    renderWithProviders(
      <OpportunitySearch />,
      '/opportunities?center=-26.2041,28.0473&kind=job&view=map',
    );

    expect(
      await screen.findByText(
        'The map shows the 3 nearest locations of the opportunities that match.',
      ),
    ).toBeTruthy();
    const asked = calls
      .map((call) => new URL(call.path, 'http://localhost'))
      .filter((url) => url.pathname.endsWith('opportunity_locations'));
    expect(asked.map((url) => url.pathname)).toEqual(['/api/opportunity_locations']);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      kind: 'job',
      geoCenter: '-26.2041,28.0473',
    });
    // The map shows every match near the centre, so it has no pages.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('puts a filter in the address bar, goes back to page 1 and searches again', async () => {
    const calls = api((_call, query) =>
      jsonResponse(200, list([item(query.get('kind') === 'job' ? 3 : 1)], 30, 2)),
    );
    const view = renderWithProviders(<OpportunitySearch />, '/opportunities?page=2');
    await screen.findByRole('link', { name: 'Opportunity 1' });

    fireEvent.click(screen.getByLabelText('Jobs'));

    await screen.findByRole('link', { name: 'Opportunity 3' });
    expect(currentLocation(view)).toBe('/opportunities?kind=job');
    const last = searches(calls).at(-1)!;
    expect(last.searchParams.get('kind')).toBe('job');
    expect(last.searchParams.get('page')).toBe('1');
  });

  it("fetches a filter's list when the filter is opened, and a list the address chose from at once", async () => {
    const lists = (calls: FetchCall[]) =>
      calls
        .map((call) => new URL(call.path, 'http://localhost').pathname)
        .filter((path) => /^\/api\/(organizations|disciplines|qualification_types)$/.test(path));
    const calls = api(() => jsonResponse(200, list([item(1)], 1)));
    renderWithProviders(<OpportunitySearch />, '/opportunities?discipline=12');
    await screen.findByRole('link', { name: 'Opportunity 1' });

    // The field of study chosen by the link needs its name; the other lists wait.
    await waitFor(() => expect(lists(calls)).toEqual(['/api/disciplines']));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Organization' }));
    await waitFor(() =>
      expect(lists(calls).sort()).toEqual(['/api/disciplines', '/api/organizations']),
    );
    expect(lists(calls)).not.toContain('/api/qualification_types');
  });

  it('searches for the words typed, from page 1', async () => {
    const calls = api((_call, query) =>
      jsonResponse(200, list([item(query.get('search') ? 4 : 1)], 30)),
    );
    const view = renderWithProviders(<OpportunitySearch />, '/opportunities?page=3&sort=name+ASC');
    await screen.findByRole('link', { name: 'Opportunity 1' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name or organization' }), {
      target: { value: '  law firm ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('link', { name: 'Opportunity 4' });
    expect(currentLocation(view)).toBe('/opportunities?search=law+firm&sort=name+ASC');
    const last = searches(calls).at(-1)!;
    expect(last.searchParams.get('search')).toBe('law firm');
    expect(last.searchParams.get('sort')).toBe('name ASC');
  });

  it('offers the first page when a link points past the last one', async () => {
    api((_call, query) =>
      jsonResponse(200, query.get('page') === '1' ? list([item(1)], 3) : list([], 3, 9)),
    );
    const view = renderWithProviders(<OpportunitySearch />, '/opportunities?page=9');
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    await screen.findByRole('link', { name: 'Opportunity 1' });
    expect(currentLocation(view)).toBe('/opportunities');
  });

  it('pages through the results', async () => {
    api((_call, query) => {
      const page = Number(query.get('page'));
      return jsonResponse(200, list([item(page * 10)], 25, page));
    });
    const view = renderWithProviders(<OpportunitySearch />, '/opportunities?search=bank');
    await screen.findByRole('link', { name: 'Opportunity 10' });
    // Each page is a link to its address (a reader without scripts follows it), and a press
    // stays in the page.
    const second = screen.getByRole('link', { name: 'Go to page 2' });
    expect(second.getAttribute('href')).toBe('/opportunities?search=bank&page=2');
    expect(screen.getByRole('button', { name: 'page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(second);
    await screen.findByRole('link', { name: 'Opportunity 20' });
    expect(currentLocation(view)).toBe('/opportunities?search=bank&page=2');
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe(
      '/opportunities?search=bank',
    );
  });

  it('says so when nothing matches, and clears the filters', async () => {
    const calls = api((_call, query) =>
      jsonResponse(200, query.get('search') ? list([]) : list([item(5)])),
    );
    const view = renderWithProviders(<OpportunitySearch />, '/opportunities?search=zzz&open=true');
    expect(await screen.findByText('No opportunities match your search')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await screen.findByRole('link', { name: 'Opportunity 5' });
    expect(currentLocation(view)).toBe('/opportunities');
    expect(searches(calls).at(-1)?.searchParams.has('open')).toBe(false);
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    api(() => (fail ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, list([item(7)]))));
    renderWithProviders(<OpportunitySearch />, '/opportunities');
    expect(await screen.findByText(/could not be loaded/, {}, { timeout: 20_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Opportunity 7' })).toBeTruthy();
  });

  it('searches as a candidate from the profile address, with "I qualify"', async () => {
    signIn({ role: 'candidate' });
    const calls = mockFetch((call) => {
      const url = new URL(call.path, 'http://localhost');
      if (url.pathname === '/api/candidate/profile')
        return jsonResponse(
          200,
          profileAt({ latitude: -29.85, longitude: 31.02, address: 'Durban' }),
        );
      if (url.pathname === '/api/candidate/opportunities')
        return jsonResponse(200, list([item(9, { eligible: true })]));
      return jsonResponse(200, emptyPage);
    });
    renderWithProviders(<OpportunitySearch />, '/opportunities');
    await screen.findByRole('link', { name: 'Opportunity 9' });
    expect(screen.getByText('Near Durban (your profile)')).toBeTruthy();
    expect(searches(calls)[0]?.searchParams.get('latitude')).toBe('-29.85');
    expect(screen.getByText('You qualify')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Only those I qualify for'));
    await waitFor(() => expect(searches(calls).at(-1)?.searchParams.get('eligible')).toBe('true'));
    expect(searches(calls).every((url) => url.pathname === '/api/candidate/opportunities')).toBe(
      true,
    );
  });
});
