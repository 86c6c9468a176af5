// Where on the candidate's pages a missing or flagged piece of the profile is put right: the
// links the to-do list, the eligibility reasons and the screening flags all point at.
import type { DocumentKind } from '../documents/documents.schemas.ts';
import type { FlagSection } from '../screening/screening.schemas.ts';
import { paths } from './paths.ts';

/** The web path of a place on the profile page (the page puts these ids on its sections). */
export const profilePath = (anchor: string) => `/candidate/profile#${anchor}`;
export const documentsPath = (kind: DocumentKind) => `/candidate/documents?kind=${kind}`;
export const ACCOUNT_PATH = '/candidate/account';
/** The anchor of the profile picture's upload button, beside the profile. */
export const AVATAR_ANCHOR = 'avatar';
/** The anchor of one profile qualification on the profile page. */
export const profileQualificationAnchor = (id: number) => `profile-qualification-${id}`;

/** Anchors of profile sections that the to-do list does not name (the profile page sets them). */
export const profileAnchors = {
  qualifications: 'profileQualifications',
  workRights: 'workRights',
  studyRights: 'studyRights',
  languages: 'languageProficiencies',
  driversLicense: 'driversLicense',
  experiences: 'experiences',
  bornAt: 'bornAt',
  location: 'location',
  identification: 'identification',
  countryOfBirth: 'countryOfBirth',
} as const;

/** Where the candidate corrects a flagged section: its place on the profile page. */
export function flagSectionPath(section: FlagSection): string {
  switch (section) {
    case 'personal':
      return profilePath('personal');
    case 'identification':
      return profilePath(profileAnchors.identification);
    case 'contact':
      return profilePath('mobileNumber');
    case 'qualifications':
      return profilePath(profileAnchors.qualifications);
    case 'experiences':
      return profilePath(profileAnchors.experiences);
    case 'documents':
      return paths.candidate.documents;
    case 'languages':
      return profilePath(profileAnchors.languages);
    case 'rights':
      return profilePath(profileAnchors.workRights);
  }
}
