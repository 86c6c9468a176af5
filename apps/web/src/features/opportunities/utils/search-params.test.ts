import { describe, expect, it } from 'vitest';

import { paths } from '@pathways/shared/navigation/paths';

import {
  clearedFilters,
  emptySearchState,
  filterQuery,
  formatCenter,
  hasFilters,
  parseCenter,
  searchQuery,
  searchStateFromParams,
  searchStateToParams,
  type SearchState,
} from './search-params';

const fromQuery = (query: string) => searchStateFromParams(new URLSearchParams(query));

describe('parseCenter', () => {
  it('reads latitude,longitude', () => {
    expect(parseCenter('-26.2041,28.0473')).toEqual({ latitude: -26.2041, longitude: 28.0473 });
    expect(parseCenter(' -33.9 , 18.4 ')).toEqual({ latitude: -33.9, longitude: 18.4 });
  });

  it.each([null, undefined, '', 'abc', '1', '1,2,3', '91,0', '0,181', ',5', 'NaN,1', '1,'])(
    'refuses %j',
    (value) => {
      expect(parseCenter(value)).toBeNull();
    },
  );

  it('formats a centre rounded to five decimals', () => {
    expect(formatCenter({ latitude: -26.204123456, longitude: 28.047349999 })).toBe(
      '-26.20412,28.04735',
    );
  });
});

describe('searchStateFromParams', () => {
  it('is the empty state for an empty query', () => {
    expect(fromQuery('')).toEqual(emptySearchState);
  });

  it('reads every part of a shared search', () => {
    expect(
      fromQuery(
        'search=bank&kind=job,bursary&organization=3,7&discipline=12&qualification_type=5' +
          '&open=true&include_closed=true&eligible=1&sort=closes_at+ASC&page=2' +
          '&center=-26.2,28.04&near=Johannesburg&view=map',
      ),
    ).toEqual({
      search: 'bank',
      kinds: ['job', 'bursary'],
      organizations: [3, 7],
      disciplines: [12],
      qualificationTypes: [5],
      open: true,
      includeClosed: true,
      eligible: true,
      sort: { field: 'closes_at', direction: 'ASC' },
      page: 2,
      center: { latitude: -26.2, longitude: 28.04 },
      near: 'Johannesburg',
      view: 'map',
    } satisfies SearchState);
  });

  it('accepts repeated parameters and drops repeats', () => {
    const state = fromQuery('kind=job&kind=scholarship&kind=job&organization=4&organization=4,9');
    expect(state.kinds).toEqual(['job', 'scholarship']);
    expect(state.organizations).toEqual([4, 9]);
  });

  it('leaves out what it cannot read instead of failing', () => {
    const state = fromQuery(
      'kind=job,internship&organization=x,-1,2,3.5&open=yes&sort=salary&page=0&center=999,1&near=Nowhere&view=globe',
    );
    expect(state.kinds).toEqual(['job']);
    expect(state.organizations).toEqual([2]);
    expect(state.open).toBe(false);
    expect(state.sort).toBeNull();
    expect(state.page).toBe(1);
    expect(state.center).toBeNull();
    expect(state.near).toBeNull();
    expect(state.view).toBe('list');
  });

  it('caps the search words at 100 characters', () => {
    expect(fromQuery(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });
});

describe('searchStateToParams', () => {
  it('writes nothing for the defaults', () => {
    expect(searchStateToParams(emptySearchState).toString()).toBe('');
  });

  it('round-trips a full state', () => {
    const state = fromQuery(
      'search=law firm&kind=scholarship&organization=1&discipline=2,3&qualification_type=4' +
        '&open=true&include_closed=1&eligible=true&sort=name+DESC&page=3&center=-33.92,18.42' +
        '&near=Cape Town&view=map',
    );
    expect(state.includeClosed).toBe(true);
    expect(fromQuery(searchStateToParams(state).toString())).toEqual(state);
  });

  it('writes the centre as the public URL spells it: center=latitude,longitude', () => {
    const params = searchStateToParams({
      ...emptySearchState,
      center: { latitude: -26.2041, longitude: 28.0473 },
      near: 'Johannesburg',
    });
    expect(params.get('center')).toBe('-26.2041,28.0473');
    expect(params.get('near')).toBe('Johannesburg');
  });

  it('drops a place name without a centre', () => {
    const params = searchStateToParams({ ...emptySearchState, near: 'Durban' });
    expect(params.has('near')).toBe(false);
  });
});

describe('the API query', () => {
  const state: SearchState = {
    ...emptySearchState,
    search: '  bank ',
    kinds: ['job', 'bursary'],
    organizations: [3],
    open: true,
    includeClosed: true,
    eligible: true,
    page: 2,
    center: { latitude: -26.2, longitude: 28.04 },
  };

  it('asks for 10 a page with the centre as latitude and longitude', () => {
    expect(searchQuery(state, { candidate: true })).toEqual({
      search: 'bank',
      kind: 'job,bursary',
      organization: '3',
      discipline: undefined,
      qualification_type: undefined,
      open: 'true',
      include_closed: 'true',
      eligible: 'true',
      sort: undefined,
      page: 2,
      per: 10,
      latitude: -26.2,
      longitude: 28.04,
    });
  });

  it('never sends "I qualify" for a guest', () => {
    expect(searchQuery(state, { candidate: false }).eligible).toBeUndefined();
    expect(filterQuery(state, { candidate: false }).eligible).toBeUndefined();
  });

  it('sends the chosen sort as "field DIRECTION"', () => {
    const sorted = { ...state, sort: { field: 'closes_at', direction: 'ASC' } } as const;
    expect(searchQuery(sorted, { candidate: false }).sort).toBe('closes_at ASC');
  });

  it('sends no coordinates without a centre (the API then sorts newest first)', () => {
    const query = searchQuery({ ...state, center: null }, { candidate: false });
    expect(query.latitude).toBeUndefined();
    expect(query.longitude).toBeUndefined();
  });
});

describe('hasFilters and clearedFilters', () => {
  it('sees any filter or words, but not the place, sort, page or view', () => {
    expect(hasFilters(emptySearchState)).toBe(false);
    expect(
      hasFilters({
        ...emptySearchState,
        center: { latitude: 0, longitude: 0 },
        sort: { field: 'name', direction: 'ASC' },
        page: 3,
        view: 'map',
      }),
    ).toBe(false);
    expect(hasFilters({ ...emptySearchState, search: 'x' })).toBe(true);
    expect(hasFilters({ ...emptySearchState, kinds: ['job'] })).toBe(true);
    expect(hasFilters({ ...emptySearchState, open: true })).toBe(true);
    expect(hasFilters({ ...emptySearchState, includeClosed: true })).toBe(true);
  });

  it('asks for closed ones only when the filter is on', () => {
    expect(filterQuery(emptySearchState, { candidate: true }).include_closed).toBeUndefined();
    expect(fromQuery('include_closed=false').includeClosed).toBe(false);
  });

  it('clears every filter', () => {
    const full = fromQuery(
      'search=a&kind=job&organization=1&discipline=2&qualification_type=3&open=1' +
        '&include_closed=1&eligible=1',
    );
    expect(hasFilters({ ...full, ...clearedFilters })).toBe(false);
  });
});

describe('a link to the search around a place', () => {
  it('opens the search centred there and names the place', () => {
    const link = paths.opportunitiesNear({ latitude: -26.2041, longitude: 28.0473 }, 'Sandton');
    expect(link.startsWith('/opportunities?')).toBe(true);
    const state = searchStateFromParams(new URLSearchParams(link.split('?')[1]));
    expect(state.center).toEqual({ latitude: -26.2041, longitude: 28.0473 });
    expect(state.near).toBe('Sandton');
  });

  it('works without a name', () => {
    const link = paths.opportunitiesNear({ latitude: -33.9249, longitude: 18.4241 });
    const state = searchStateFromParams(new URLSearchParams(link.split('?')[1]));
    expect(state.center).toEqual({ latitude: -33.9249, longitude: 18.4241 });
    expect(state.near).toBeNull();
  });
});
