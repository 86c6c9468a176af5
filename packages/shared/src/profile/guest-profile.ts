import { z } from 'zod';

import { text } from '../common/text.ts';
import { profile, type Profile } from './profile.schemas.ts';

/**
 * A candidate's profile as someone outside the organization sees it (an interviewer or a
 * colleague who opens a link without an account): what they need to judge the candidate
 * (qualifications, experience, achievements, affiliations, languages, work and study rights,
 * a driver's licence) and never how to reach or identify them: no contact details, identity
 * number, date of birth, location, gender, ethnicity or disability. With blind review the name
 * and the candidate's own words about themselves (which may name them) are left out too.
 */
export const guestProfile = profile
  .pick({
    driversLicense: true,
    experiences: true,
    profileQualifications: true,
    achievements: true,
    affiliations: true,
    languageProficiencies: true,
    studyRights: true,
    workRights: true,
  })
  .extend({
    /** Null under blind review (and when the candidate gave none). */
    name: text().nullable(),
    /** Null under blind review. */
    biography: text().nullable(),
  });
export type GuestProfile = z.infer<typeof guestProfile>;

/** A candidate as a guest link shows them: named only without blind review. */
export const guestCandidate = z.object({
  /** Null under blind review. */
  name: text().nullable(),
  blind: z.boolean(),
  /** What an outsider may see of the profile (null when the candidate has none). */
  profile: guestProfile.nullable(),
});
export type GuestCandidate = z.infer<typeof guestCandidate>;

/** The profile cut down to `guestProfile`: built field by field, so nothing else slips in. */
export function guestProfileOf(full: Profile, options: { blind: boolean }): GuestProfile {
  const name = [full.firstNames, full.lastName].filter(Boolean).join(' ').trim() || null;
  return {
    name: options.blind ? null : name,
    biography: options.blind ? null : full.biography,
    driversLicense: full.driversLicense,
    experiences: full.experiences,
    profileQualifications: full.profileQualifications,
    achievements: full.achievements,
    affiliations: full.affiliations,
    languageProficiencies: full.languageProficiencies,
    studyRights: full.studyRights,
    workRights: full.workRights,
  };
}
