import { describe, expect, it } from 'vitest';

import {
  candidateOpportunitySearchQuery,
  formatSort,
  guestOpportunityLocationsQuery,
  opportunityListItem,
  opportunityLocationsQuery,
  opportunityMessages,
  opportunitySearchQuery,
  parseGeoCenter,
  parseSort,
} from './opportunities.schemas.ts';

/** Field -> messages of a failed parse, the way the API reports them. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return errors;
}

describe('opportunitySearchQuery', () => {
  it('defaults to page 1 with 25 per page, no open filter and no closed ones', () => {
    expect(opportunitySearchQuery.parse({})).toEqual({
      page: 1,
      per: 25,
      open: false,
      include_closed: false,
      search: undefined,
    });
    expect(opportunitySearchQuery.parse({ include_closed: 'true' }).include_closed).toBe(true);
    expect(opportunitySearchQuery.safeParse({ include_closed: 'all' }).success).toBe(false);
  });

  it('reads lists comma-separated or repeated, dropping blanks and repeats', () => {
    const q = opportunitySearchQuery.parse({
      kind: 'job, bursary',
      organization: ['3', '7,3'],
      discipline: '12,',
      qualification_type: '',
    });
    expect(q.kind).toEqual(['job', 'bursary']);
    expect(q.organization).toEqual([3, 7]);
    expect(q.discipline).toEqual([12]);
    expect(q.qualification_type).toBeUndefined();
  });

  it('refuses unknown kinds and ids that are not positive integers', () => {
    expect(errorsOf(opportunitySearchQuery.safeParse({ kind: 'job,internship' }))).toEqual({
      kind: [opportunityMessages.kind],
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ organization: 'abc' }))).toEqual({
      organization: [opportunityMessages.id],
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ discipline: '0' }))).toEqual({
      discipline: [opportunityMessages.id],
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ qualification_type: '1.5' }))).toEqual({
      qualification_type: [opportunityMessages.id],
    });
    expect(
      errorsOf(opportunitySearchQuery.safeParse({ organization: '99999999999' })),
    ).toHaveProperty('organization');
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect(errorsOf(opportunitySearchQuery.safeParse({ organization: many }))).toHaveProperty(
      'organization',
    );
    // "1" and "01" are the same id.
    expect(opportunitySearchQuery.parse({ organization: '1,01' }).organization).toEqual([1]);
  });

  it('reads flags as true/false or 1/0', () => {
    expect(opportunitySearchQuery.parse({ open: 'true' }).open).toBe(true);
    expect(opportunitySearchQuery.parse({ open: '1' }).open).toBe(true);
    expect(opportunitySearchQuery.parse({ open: 'false' }).open).toBe(false);
    expect(opportunitySearchQuery.parse({ open: '' }).open).toBe(false);
    expect(errorsOf(opportunitySearchQuery.safeParse({ open: 'yes' }))).toEqual({
      open: [opportunityMessages.flag],
    });
  });

  it('takes eligible only for candidates', () => {
    expect(candidateOpportunitySearchQuery.parse({ eligible: 'true' }).eligible).toBe(true);
    expect(candidateOpportunitySearchQuery.parse({}).eligible).toBe(false);
    expect(opportunitySearchQuery.parse({ eligible: 'true' })).not.toHaveProperty('eligible');
  });

  it('parses sort as a field and an optional direction', () => {
    expect(opportunitySearchQuery.parse({ sort: 'name' }).sort).toEqual({
      field: 'name',
      direction: 'ASC',
    });
    expect(opportunitySearchQuery.parse({ sort: 'closes_at desc' }).sort).toEqual({
      field: 'closes_at',
      direction: 'DESC',
    });
    expect(opportunitySearchQuery.parse({ sort: 'distance_in_meters+ASC' }).sort).toEqual({
      field: 'distance_in_meters',
      direction: 'ASC',
    });
    for (const sort of ['price', 'name sideways', 'name; drop table', 'opens_at ASC DESC']) {
      expect(errorsOf(opportunitySearchQuery.safeParse({ sort }))).toEqual({
        sort: [opportunityMessages.sort],
      });
    }
  });

  it('limits page and per', () => {
    expect(opportunitySearchQuery.parse({ page: '3', per: '10' })).toMatchObject({
      page: 3,
      per: 10,
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ page: '0' }))).toHaveProperty('page');
    expect(errorsOf(opportunitySearchQuery.safeParse({ per: '0' }))).toHaveProperty('per');
    expect(errorsOf(opportunitySearchQuery.safeParse({ per: '101' }))).toHaveProperty('per');
    expect(errorsOf(opportunitySearchQuery.safeParse({ per: '2.5' }))).toHaveProperty('per');
  });

  it('needs latitude and longitude together and in range', () => {
    expect(opportunitySearchQuery.parse({ latitude: '-33.9', longitude: '18.4' })).toMatchObject({
      latitude: -33.9,
      longitude: 18.4,
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ latitude: '-33.9' }))).toEqual({
      latitude: [opportunityMessages.latitudeWithoutLongitude],
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ longitude: '18.4' }))).toEqual({
      longitude: [opportunityMessages.longitudeWithoutLatitude],
    });
    expect(errorsOf(opportunitySearchQuery.safeParse({ latitude: '91', longitude: '18' }))).toEqual(
      { latitude: [opportunityMessages.latitude] },
    );
    expect(
      errorsOf(opportunitySearchQuery.safeParse({ latitude: '-33', longitude: 'east' })),
    ).toEqual({ longitude: [opportunityMessages.longitude] });
    expect(opportunitySearchQuery.parse({ latitude: '', longitude: '' })).not.toHaveProperty(
      'latitude',
      expect.any(Number),
    );
  });

  it('trims the search text and ignores a blank one', () => {
    expect(opportunitySearchQuery.parse({ search: '  bank ' }).search).toBe('bank');
    expect(opportunitySearchQuery.parse({ search: '   ' }).search).toBeUndefined();
    expect(errorsOf(opportunitySearchQuery.safeParse({ search: 'x'.repeat(101) }))).toHaveProperty(
      'search',
    );
  });
});

describe('parseSort and formatSort', () => {
  it('round-trip', () => {
    const sort = parseSort('opens_at DESC');
    expect(sort).toEqual({ field: 'opens_at', direction: 'DESC' });
    expect(formatSort(sort!)).toBe('opens_at DESC');
    expect(parseSort('')).toBeUndefined();
  });
});

describe('opportunityLocationsQuery', () => {
  it('reads geoCenter as lat,lng and defaults the limit to 500', () => {
    expect(opportunityLocationsQuery.parse({ geoCenter: '-33.92,18.42' })).toMatchObject({
      geoCenter: { latitude: -33.92, longitude: 18.42 },
      limit: 500,
      eligible: false,
    });
    expect(opportunityLocationsQuery.parse({}).geoCenter).toBeUndefined();
    for (const geoCenter of ['-33.92', '-33.92,', 'a,b', '-91,18', '0,181', '1,2,3']) {
      expect(errorsOf(opportunityLocationsQuery.safeParse({ geoCenter }))).toEqual({
        geoCenter: [opportunityMessages.geoCenter],
      });
    }
    expect(errorsOf(opportunityLocationsQuery.safeParse({ limit: '501' }))).toHaveProperty('limit');
  });

  it("takes the same filters and centre for a guest's map, without eligible", () => {
    expect(
      guestOpportunityLocationsQuery.parse({
        geoCenter: '-26.2,28.05',
        kind: 'job',
        eligible: 'true',
      }),
    ).toEqual({
      geoCenter: { latitude: -26.2, longitude: 28.05 },
      kind: ['job'],
      limit: 500,
      open: false,
      include_closed: false,
    });
    expect(errorsOf(guestOpportunityLocationsQuery.safeParse({ geoCenter: 'north' }))).toEqual({
      geoCenter: [opportunityMessages.geoCenter],
    });
  });

  it('parseGeoCenter accepts spaces around the parts', () => {
    expect(parseGeoCenter(' -26.2 , 28.05 ')).toEqual({ latitude: -26.2, longitude: 28.05 });
  });
});

describe('opportunityListItem', () => {
  const item = {
    id: 1,
    name: 'Bursary',
    kind: 'bursary',
    summary: null,
    logo: null,
    publishedAt: '2026-11-01T00:00:00.000Z',
    opensAt: null,
    closesAt: null,
    commencesAt: null,
    isOpen: false,
    organization: { id: 2, name: 'Org', logo: null },
    locations: [],
    locationCount: 0,
    distanceInMeters: null,
  };
  const place = (id: number) => ({ id, address: 'A', city: null, latitude: 0, longitude: 0 });

  it('carries at most its two nearest places and how many it has in all', () => {
    const nearest = { ...item, locations: [place(1), place(2)], locationCount: 40 };
    expect(opportunityListItem.parse(nearest)).toEqual(nearest);
    expect(
      opportunityListItem.safeParse({ ...nearest, locations: [1, 2, 3].map(place) }).success,
    ).toBe(false);
    const { locationCount: _, ...withoutCount } = nearest;
    expect(opportunityListItem.safeParse(withoutCount).success).toBe(false);
  });
});
