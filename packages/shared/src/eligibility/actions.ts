import { actionLabels } from '../action-items/action-items.schemas.ts';
import {
  documentsPath,
  profileAnchors,
  profilePath,
  profileQualificationAnchor,
} from '../navigation/profile-links.ts';
import type { DocumentKind } from '../documents/documents.schemas.ts';

// The step that would change a criterion's outcome, in the shape of a to-do action: the same
// namespaced types, labels and resolution paths as the to-do list (packages/shared/src/action-items)
// where the to-do list has the action, so the web app links to the exact place on the profile.
// Rights, languages, the driver's licence and a qualification's average are not on the to-do list;
// they get types of the same form and anchors of their profile sections.

export interface EligibilityAction {
  /** Namespaced like a to-do action: "profile.date_of_birth", "documents.transcript". */
  type: string;
  label: string;
  /** The web path of the exact place to fix it. */
  resolutionPath: string;
}

export const eligibilityActionLabels = {
  workRights: 'Add your work rights',
  studyRights: 'Add your study rights',
  languages: 'Add your languages',
  driversLicense: "Say whether you have a driver's licence",
  grade: 'Add your average mark',
  document: 'Upload the document',
} as const;

export const actions = {
  dateOfBirth: (): EligibilityAction => ({
    type: 'profile.date_of_birth',
    label: actionLabels.date_of_birth,
    resolutionPath: profilePath(profileAnchors.bornAt),
  }),
  location: (): EligibilityAction => ({
    type: 'profile.location',
    label: actionLabels.location,
    resolutionPath: profilePath(profileAnchors.location),
  }),
  identification: (countryKnown: boolean): EligibilityAction => ({
    type: 'profile.identification',
    label: actionLabels.identification,
    resolutionPath: profilePath(
      countryKnown ? profileAnchors.identification : profileAnchors.countryOfBirth,
    ),
  }),
  experience: (): EligibilityAction => ({
    type: 'profile.experience',
    label: actionLabels.experience,
    resolutionPath: profilePath(profileAnchors.experiences),
  }),
  /** Add a qualification; or, with an id, complete that one. */
  qualification: (profileQualificationId?: number): EligibilityAction => ({
    type: 'profile.profile_qualification',
    label: actionLabels.profile_qualification,
    resolutionPath: profilePath(
      profileQualificationId === undefined
        ? profileAnchors.qualifications
        : profileQualificationAnchor(profileQualificationId),
    ),
  }),
  grade: (profileQualificationId?: number): EligibilityAction => ({
    type: 'profile.qualification_grade',
    label: eligibilityActionLabels.grade,
    resolutionPath: profilePath(
      profileQualificationId === undefined
        ? profileAnchors.qualifications
        : profileQualificationAnchor(profileQualificationId),
    ),
  }),
  schoolSubjects: (profileQualificationId?: number): EligibilityAction => ({
    type: 'profile.high_school_subjects',
    label: actionLabels.high_school_subjects,
    resolutionPath: profilePath(
      profileQualificationId === undefined
        ? profileAnchors.qualifications
        : profileQualificationAnchor(profileQualificationId),
    ),
  }),
  workRights: (): EligibilityAction => ({
    type: 'profile.work_rights',
    label: eligibilityActionLabels.workRights,
    resolutionPath: profilePath(profileAnchors.workRights),
  }),
  studyRights: (): EligibilityAction => ({
    type: 'profile.study_rights',
    label: eligibilityActionLabels.studyRights,
    resolutionPath: profilePath(profileAnchors.studyRights),
  }),
  languages: (): EligibilityAction => ({
    type: 'profile.languages',
    label: eligibilityActionLabels.languages,
    resolutionPath: profilePath(profileAnchors.languages),
  }),
  driversLicense: (): EligibilityAction => ({
    type: 'profile.drivers_license',
    label: eligibilityActionLabels.driversLicense,
    resolutionPath: profilePath(profileAnchors.driversLicense),
  }),
  document: (kind: DocumentKind): EligibilityAction => ({
    type: `documents.${kind}`,
    label: kind === 'other' ? eligibilityActionLabels.document : actionLabels[kind],
    resolutionPath: documentsPath(kind),
  }),
};
