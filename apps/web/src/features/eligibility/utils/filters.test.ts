import { describe, expect, it } from 'vitest';

import {
  changeFilters,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  filtersToQuery,
} from './filters';

describe('the eligibility filters in the URL', () => {
  it('reads an empty query string as the defaults, newest profile change first', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toMatchObject({ sort: 'profile.updatedAt', direction: 'desc' });
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const filters = {
      page: 3,
      search: 'Dlamini',
      sort: 'completion' as const,
      direction: 'asc' as const,
      applied: false,
      eligible: true,
      tracker: {},
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'page=3&search=Dlamini&sort=completion&direction=asc&applied=false&eligible=true',
    );
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it("keeps the applicants tracker's filters under the tracker's names", () => {
    const params = new URLSearchParams(
      'search=Nkosi&genders=female&grade=60,100&disciplines=3,4&eligible=true&complete=true',
    );
    const filters = filtersFromParams(params);
    expect(filters).toMatchObject({
      search: 'Nkosi',
      eligible: true,
      tracker: {
        genders: ['female'],
        grade: { min: 60, max: 100 },
        disciplines: [3, 4],
        complete: true,
      },
    });
    expect(filters.tracker.eligible).toBeUndefined();
    const written = filtersToParams(filters);
    expect(Object.fromEntries(written)).toEqual(Object.fromEntries(params));
    expect(filtersToQuery(filters)).toMatchObject({
      genders: 'female',
      grade: '60,100',
      disciplines: '3,4',
      complete: 'true',
      eligible: true,
    });
  });

  it('ignores what it cannot read', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('page=-2&sort=password&direction=up&applied=maybe&eligible=1'),
      ),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('goes back to page 1 on any change but paging', () => {
    const on3 = { ...DEFAULT_FILTERS, page: 3 };
    expect(changeFilters(on3, { applied: true })).toMatchObject({ page: 1, applied: true });
    expect(changeFilters(on3, { page: 4 })).toMatchObject({ page: 4 });
  });

  it('sends the API only what filters', () => {
    expect(filtersToQuery({ ...DEFAULT_FILTERS, search: '  ' })).toEqual({
      page: 1,
      search: undefined,
      sort: 'profile.updatedAt',
      direction: 'desc',
      applied: undefined,
      eligible: undefined,
    });
  });
});
