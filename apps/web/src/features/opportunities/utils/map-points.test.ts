import { describe, expect, it } from 'vitest';

import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';

import { pointsFromItems, pointsFromLocations } from './map-points';

const item: OpportunityListItem = {
  id: 7,
  name: 'Graduate Programme: Data & AI',
  kind: 'job',
  summary: null,
  logo: null,
  publishedAt: '2026-11-01T00:00:00.000Z',
  opensAt: null,
  closesAt: null,
  commencesAt: null,
  isOpen: true,
  organization: { id: 2, name: 'Ubuntu Bank', logo: null },
  locations: [
    {
      id: 11,
      address: '1 Loop Street, Cape Town',
      city: 'Cape Town',
      latitude: -33.92,
      longitude: 18.42,
    },
    {
      id: 12,
      address: '5 Rivonia Road, Sandton',
      city: 'Johannesburg',
      latitude: -26.1,
      longitude: 28.05,
    },
  ],
  distanceInMeters: 1200,
};

describe('map points', () => {
  it('puts every location of a result on the map, linking to the opportunity page', () => {
    const points = pointsFromItems([item, { ...item, id: 8, locations: [] }]);
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({
      key: '7-11',
      latitude: -33.92,
      name: 'Graduate Programme: Data & AI',
      organizationName: 'Ubuntu Bank',
      distanceInMeters: 1200,
    });
    expect(points[0]?.href).toMatch(/^\/opportunities\/7\/graduate-programme/);
    // Only the nearest location carries the item's distance.
    expect(points[1]?.distanceInMeters).toBeNull();
  });

  it('maps the candidate locations answer', () => {
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
