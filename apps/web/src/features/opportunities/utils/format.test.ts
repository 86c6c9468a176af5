import { describe, expect, it } from 'vitest';

import { formatDistance, nearestPlace } from './format';

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
