import { describe, expect, it } from 'vitest';

import { DEFAULT_APPLICANT_SORT } from './applicants.schemas.ts';
import { viewFromSearchParams, viewToSearchParams, type TrackerView } from './applicants.url.ts';

describe('the tracker view in the URL', () => {
  const view = (more: Partial<TrackerView> = {}): TrackerView => ({
    filters: {},
    sort: DEFAULT_APPLICANT_SORT,
    page: 1,
    phase: null,
    ...more,
  });

  it('writes nothing for the default view', () => {
    expect(viewToSearchParams(view()).toString()).toBe('');
    expect(
      viewToSearchParams(
        view({
          filters: {
            name: ' ',
            categories: [],
            complete: false,
            referred: false,
            grade: { min: 0, max: 100 },
          },
        }),
      ).toString(),
    ).toBe('');
  });

  it('writes every part under its name', () => {
    const params = viewToSearchParams(
      view({
        filters: {
          name: 'Nko',
          location: '-33.9,18.4',
          distance: 25,
          grade: { min: 50, max: 90 },
          categories: [1, 2],
          disciplines: [3],
          institutions: [4],
          types: [5],
          locations: [6],
          ethnicities: ['african', 'indian'],
          genders: ['female'],
          period: 'current',
          multiple: true,
          verified: true,
          complete: true,
          referred: true,
          eligible: false,
        },
        sort: { key: 'completion', direction: 'desc' },
        page: 3,
        phase: '12',
      }),
    );
    expect(Object.fromEntries(params)).toEqual({
      name: 'Nko',
      location: '-33.9,18.4',
      distance: '25',
      grade: '50,90',
      categories: '1,2',
      disciplines: '3',
      institutions: '4',
      types: '5',
      locations: '6',
      ethnicities: 'african,indian',
      genders: 'female',
      period: 'current',
      multiple: 'true',
      verified: 'true',
      complete: 'true',
      referred: 'true',
      eligible: 'false',
      sort: 'completion',
      direction: 'desc',
      page: '3',
      phase: '12',
    });
  });

  it('writes the sort when only the direction differs from the default', () => {
    const params = viewToSearchParams(view({ sort: { key: 'createdAt', direction: 'desc' } }));
    expect(params.toString()).toBe('sort=createdAt&direction=desc');
    expect(viewFromSearchParams(params).sort).toEqual({ key: 'createdAt', direction: 'desc' });
  });

  it('reads the default view from nothing', () => {
    expect(viewFromSearchParams(new URLSearchParams())).toEqual(view());
  });

  it('ignores junk and keeps what parses', () => {
    const junk = new URLSearchParams(
      'name=%20&distance=far&grade=50&categories=1,x,-2,0,3.5,4&genders=female,robot&ethnicities=&' +
        'period=sometimes&complete=yes&referred=1&eligible=maybe&sort=height&direction=desc&page=-2&phase=%20&' +
        'types=99999999999&location=' +
        'x'.repeat(101),
    );
    expect(viewFromSearchParams(junk)).toEqual({
      filters: { categories: [1, 4], genders: ['female'] },
      sort: DEFAULT_APPLICANT_SORT,
      page: 1,
      phase: null,
    });
  });

  it('ignores out-of-range numbers', () => {
    const view = viewFromSearchParams(new URLSearchParams('distance=-5&grade=-1,50&page=0'));
    expect(view.filters).toEqual({});
    expect(view.page).toBe(1);
    expect(viewFromSearchParams(new URLSearchParams('grade=0,100')).filters).toEqual({});
    expect(viewFromSearchParams(new URLSearchParams('grade=10.5,100')).filters).toEqual({
      grade: { min: 10.5, max: 100 },
    });
  });

  it('never throws on odd input', () => {
    for (const text of [
      '%',
      'page=1e3',
      'grade=,',
      'distance=Infinity',
      'name=' + 'a'.repeat(500),
      'a=b&&&=',
    ]) {
      expect(() => viewFromSearchParams(new URLSearchParams(text))).not.toThrow();
    }
    expect(viewFromSearchParams(new URLSearchParams('distance=Infinity')).filters).toEqual({});
  });
});
