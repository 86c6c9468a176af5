import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';
import type { WorkspaceOpportunity } from '@pathways/shared/workspaces/workspaces.schemas';

/** One tracker row; every field can be overridden, the profile's too. */
export function makeRow(
  id: number,
  overrides: Partial<Omit<ApplicantRow, 'profile'>> & {
    profile?: Partial<ApplicantRow['profile']>;
  } = {},
): ApplicantRow {
  const { profile, ...rest } = overrides;
  return {
    id,
    opportunityId: 7,
    createdAt: new Date(Date.UTC(2026, 9, 1) + id * 60_000).toISOString(),
    phaseId: 1,
    regrettedAt: null,
    archivedAt: null,
    complete: true,
    completion: 80,
    eligibility: { eligible: true, referredAt: null },
    applicationRating: null,
    unreadChats: 0,
    locations: [31],
    reported: false,
    ...rest,
    profile: {
      candidateId: 1000 + id,
      firstName: `First${id}`,
      lastName: `Last${id}`,
      avatarUrl: null,
      gender: 'female',
      ethnicity: 'african',
      bornAt: '2001-05-04',
      location: { latitude: -26.2, longitude: 28.04 },
      assessmentAggregate: null,
      qualifications: [],
      ...profile,
    },
  };
}

export const phasesAnswer = {
  items: [
    {
      id: 1,
      name: 'Applied',
      description: null,
      order: 1,
      initial: true,
      next: 2,
      applications: 0,
    },
    {
      id: 2,
      name: 'Interview',
      description: null,
      order: 2,
      initial: false,
      next: 3,
      applications: 0,
    },
    {
      id: 3,
      name: 'Offer',
      description: null,
      order: 3,
      initial: false,
      next: null,
      applications: 0,
    },
  ],
  regretted: 0,
  withdrawn: 0,
};

export const workspace = (overrides: Partial<WorkspaceOpportunity> = {}): WorkspaceOpportunity => ({
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
  phases: phasesAnswer.items.map(({ applications: _count, ...phase }) => phase),
  managers: [],
  ...overrides,
});
