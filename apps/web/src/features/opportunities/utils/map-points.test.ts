import { describe, expect, it } from 'vitest';

import { pointsFromLocations } from './map-points';

describe('map points', () => {
  it('maps the locations answer, linking to the opportunity page', () => {
    const [point] = pointsFromLocations([
      {
        id: 3,
        latitude: -29.85,
        longitude: 31.02,
        address: 'Durban',
        city: 'Durban',
        distanceInMeters: 5000,
        opportunity: { id: 9, name: 'Bursary', kind: 'bursary', organizationName: 'Coastal Co' },
      },
    ]);
    expect(point).toMatchObject({ key: '9-3', kind: 'bursary', href: '/opportunities/9/bursary' });
  });
});
