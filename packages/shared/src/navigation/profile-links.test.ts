import { describe, expect, it } from 'vitest';

import { flagSections } from '../screening/screening.schemas.ts';
import { flagSectionPath } from './profile-links.ts';

describe('flagSectionPath', () => {
  it('leads every section to its place on the profile or the documents page', () => {
    expect(Object.fromEntries(flagSections.map((s) => [s, flagSectionPath(s)]))).toEqual({
      personal: '/candidate/profile#personal',
      identification: '/candidate/profile#identification',
      contact: '/candidate/profile#mobileNumber',
      qualifications: '/candidate/profile#profileQualifications',
      experiences: '/candidate/profile#experiences',
      documents: '/candidate/documents',
      languages: '/candidate/profile#languageProficiencies',
      rights: '/candidate/profile#workRights',
    });
  });
});
