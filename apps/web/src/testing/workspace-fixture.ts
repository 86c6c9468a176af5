import type { WorkspaceOpportunity } from '@pathways/shared/workspaces/workspaces.schemas';

/**
 * A workspace's opportunity as the API answers it, for the tests of the screens built on one
 * (the workspace itself, the tracker, interviews): a published job of Acme Holdings at two
 * places, with no phases or managers; each test overrides what it is about.
 */
export const workspaceOpportunity = (
  overrides: Partial<WorkspaceOpportunity> = {},
): WorkspaceOpportunity => ({
  id: 7,
  name: 'Graduate Programme: Technology',
  kind: 'job',
  summary: null,
  description: null,
  logo: null,
  publishedAt: '2026-10-01T08:00:00.000Z',
  opensAt: null,
  closesAt: null,
  commencesAt: null,
  positions: null,
  valueMin: null,
  valueMax: null,
  currency: 'ZAR',
  employmentType: null,
  isActive: true,
  version: 1,
  updatedAt: '2026-10-01T08:00:00.000Z',
  locations: [
    {
      id: 31,
      address: '1 Main Road',
      city: 'Johannesburg',
      province: 'Gauteng',
      country: 'ZA',
      latitude: -26.2,
      longitude: 28.04,
      locationId: null,
      inUse: true,
    },
    {
      id: 32,
      address: '2 Long Street',
      city: 'Cape Town',
      province: 'Western Cape',
      country: 'ZA',
      latitude: -33.92,
      longitude: 18.42,
      locationId: null,
      inUse: true,
    },
  ],
  organization: { id: 3, name: 'Acme Holdings', logo: null },
  phases: [],
  managers: [],
  ...overrides,
});
