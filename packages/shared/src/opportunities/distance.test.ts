import { describe, expect, it } from 'vitest';

import { formatDistance, haversineMeters } from './distance.ts';

const capeTown = { latitude: -33.9249, longitude: 18.4241 };
const johannesburg = { latitude: -26.2041, longitude: 28.0473 };

describe('haversineMeters', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversineMeters(capeTown, capeTown)).toBe(0);
    expect(haversineMeters(capeTown, johannesburg)).toBeCloseTo(
      haversineMeters(johannesburg, capeTown),
      6,
    );
  });

  it('measures Cape Town to Johannesburg on a 6371 km sphere', () => {
    // 1 261.6 km great-circle distance with R = 6371 km (an airline's 1 270 km uses the ellipsoid).
    expect(haversineMeters(capeTown, johannesburg) / 1000).toBeCloseTo(1261.6, 0);
  });

  it('gives a degree of latitude as 111.19 km and half the globe as pi R', () => {
    expect(
      haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }),
    ).toBeCloseTo(111_194.9, 0);
    expect(
      haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }),
    ).toBeCloseTo(Math.PI * 6_371_000, 3);
  });

  it('crosses the antimeridian the short way', () => {
    const d = haversineMeters(
      { latitude: 0, longitude: 179.5 },
      { latitude: 0, longitude: -179.5 },
    );
    expect(d).toBeCloseTo(111_194.9, 0);
  });
});

describe('formatDistance', () => {
  it('uses metres under a kilometre and kilometres above', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(849.6)).toBe('850 m');
    expect(formatDistance(2_540)).toBe('2.5 km');
    expect(formatDistance(12_345)).toBe('12 km');
  });
});
