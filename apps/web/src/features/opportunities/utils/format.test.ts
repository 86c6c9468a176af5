import { describe, expect, it } from 'vitest';

import { formatDistance, nearestPlace, openingLine } from './format';

const now = new Date('2026-11-22T10:00:00Z');

describe('openingLine', () => {
  it('gives the closing date of an open opportunity', () => {
    expect(
      openingLine(
        { isOpen: true, opensAt: '2026-11-01T00:00:00Z', closesAt: '2026-12-03T12:00:00Z' },
        now,
      ),
    ).toBe('Closes 3 December 2026');
  });

  it('says open when an open opportunity has no closing date', () => {
    expect(openingLine({ isOpen: true, opensAt: null, closesAt: null }, now)).toBe('Open');
  });

  it('gives the opening date of one that opens later', () => {
    expect(
      openingLine({ isOpen: false, opensAt: '2027-01-15T12:00:00Z', closesAt: null }, now),
    ).toBe('Opens 15 January 2027');
  });

  it('gives the closing date of one that has closed', () => {
    expect(
      openingLine(
        { isOpen: false, opensAt: '2026-01-01T00:00:00Z', closesAt: '2026-11-02T12:00:00Z' },
        now,
      ),
    ).toBe('Closed 2 November 2026');
  });

  it('says not open when there are no dates to tell', () => {
    expect(openingLine({ isOpen: false, opensAt: null, closesAt: null }, now)).toBe(
      'Not open for applications',
    );
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '0 m'],
    [449, '450 m'],
    [999, '1.0 km'],
    [1000, '1.0 km'],
    [4_260, '4.3 km'],
    [12_345, '12 km'],
    [1_234_567, '1 235 km'],
  ])('%d m is %s', (meters, text) => {
    // en-ZA groups thousands with a (non-breaking) space.
    expect(formatDistance(meters).replace(/\s/g, ' ')).toBe(text);
  });
});

describe('nearestPlace', () => {
  const location = (city: string | null, address = 'Street 1') => ({
    id: 1,
    address,
    city,
    latitude: 0,
    longitude: 0,
  });

  it('names the first location by its city, else its address', () => {
    expect(nearestPlace({ locations: [location('Durban'), location('Pretoria')] })).toBe('Durban');
    expect(nearestPlace({ locations: [location(null, '1 Main Road, Paarl')] })).toBe(
      '1 Main Road, Paarl',
    );
    expect(nearestPlace({ locations: [] })).toBeNull();
  });
});
