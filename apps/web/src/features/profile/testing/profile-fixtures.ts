import type { Profile } from '@pathways/shared/profile/profile.schemas';
import type { Experience } from '@pathways/shared/profile/sections.schemas';

/** A profile as GET candidate/profile answers it: empty but for the names. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    countryOfBirth: null,
    identification: null,
    firstNames: 'Sipho',
    lastName: 'Mahlangu',
    bornAt: null,
    gender: null,
    ethnicity: null,
    disability: null,
    disabilityDescription: null,
    biography: null,
    mobileNumber: null,
    driversLicense: null,
    location: null,
    errors: {},
    completion: 10,
    updatedAt: '2026-11-20T10:00:00.000Z',
    experiences: [],
    profileQualifications: [],
    achievements: [],
    affiliations: [],
    languageProficiencies: [],
    studyRights: [],
    workRights: [],
    ...overrides,
  };
}

export function makeExperience(overrides: Partial<Experience> = {}): Experience {
  return {
    id: 7,
    kind: 'work',
    title: 'Cashier',
    organizationName: 'Shoprite',
    startsAt: '2024-12-01',
    endsAt: '2025-01-31',
    current: false,
    description: null,
    ...overrides,
  };
}
