import { z } from 'zod';

import { fieldErrors } from '../common/errors.ts';
import { titleCase, type NamePart } from '../common/names.ts';
import { isoDay, pastIsoDate } from './dates.ts';
import { countryCode, fieldMessages, optionalText } from './fields.ts';
import {
  bornAtErrors,
  IDENTIFICATION_MAX_LENGTH,
  identificationMessages,
  identityErrors,
  normalizeIdentification,
} from './identification.ts';
import {
  achievement,
  affiliation,
  experience,
  languageProficiency,
  profileQualification,
  right,
} from './sections.schemas.ts';
import { text } from '../common/text.ts';

/** Messages of the profile; the name and identification ones worded exactly as users know them. */
export const profileMessages = {
  required: fieldMessages.required,
  firstNamesRequired: 'You must specify a first name',
  lastNameRequired: 'You must specify a last name',
  identificationInvalid: identificationMessages.invalid,
  identificationTaken: identificationMessages.taken,
  identificationSaveFailed: identificationMessages.saveFailed,
  mobileInvalid: 'must be a valid phone number',
  coordinate: 'must be a number',
} as const;

export const genders = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = {
  female: 'Female',
  male: 'Male',
  non_binary: 'Non-binary',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

/** The population groups South African forms ask about (employment-equity reporting). */
export const ethnicities = [
  'african',
  'coloured',
  'indian',
  'white',
  'other',
  'prefer_not_to_say',
] as const;
export type Ethnicity = (typeof ethnicities)[number];
export const ethnicityLabels: Record<Ethnicity, string> = {
  african: 'African',
  coloured: 'Coloured',
  indian: 'Indian',
  white: 'White',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

const personName = (message: string, part: NamePart) =>
  text({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(100, { error: fieldMessages.tooLong(100) })
    .transform((name) => titleCase(name, part));

/** 7 to 15 digits (E.164), with an optional leading + and spaces, dashes or brackets. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(value)) return false;
  const count = value.replace(/\D/g, '').length;
  return count >= 7 && count <= 15;
}

const coordinate = (min: number, max: number) =>
  z
    .number({ error: profileMessages.coordinate })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });

/** Where the candidate lives: a point and, usually, the place's name. */
export const profileLocationInput = z.object(
  {
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    address: optionalText(300),
  },
  { error: 'must be an object with latitude and longitude' },
);

/**
 * The fields of `PATCH /api/candidate/profile` ({profile: {...}}): any subset. Names come back
 * title-cased, the identification without spaces or dashes, blank optional text as null.
 */
export const profilePatch = z
  .object({
    countryOfBirth: countryCode,
    identification: text({
      error: (issue) =>
        issue.input == null ? identificationMessages.required : identificationMessages.invalid,
    })
      .max(100, { error: identificationMessages.invalid })
      .transform(normalizeIdentification)
      .pipe(
        text()
          .min(1, { error: identificationMessages.required })
          .max(IDENTIFICATION_MAX_LENGTH, { error: identificationMessages.invalid }),
      ),
    firstNames: personName(profileMessages.firstNamesRequired, 'given'),
    lastName: personName(profileMessages.lastNameRequired, 'surname'),
    bornAt: pastIsoDate.nullable(),
    gender: z.enum(genders).nullable(),
    ethnicity: z.enum(ethnicities).nullable(),
    disability: z.boolean().nullable(),
    disabilityDescription: optionalText(500),
    biography: optionalText(2000),
    mobileNumber: text({ error: profileMessages.mobileInvalid })
      .trim()
      .max(30, { error: profileMessages.mobileInvalid })
      .transform((v) => v.replace(/\s+/g, ' '))
      .refine((v) => v === '' || isPhoneNumber(v), { error: profileMessages.mobileInvalid })
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    driversLicense: z.boolean().nullable(),
    location: profileLocationInput.nullable(),
  })
  .partial()
  .superRefine((value, ctx) => {
    // Both in one request: check the pair here, and the date of birth against the number when
    // it comes too. The server checks them again against the stored profile when only some come.
    if (value.countryOfBirth === undefined || value.identification === undefined) return;
    const errors = {
      ...identityErrors(value),
      ...bornAtErrors(value, isoDay(new Date())),
    };
    for (const [field, messages] of Object.entries(errors)) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export const profilePatchBody = z.object({ profile: profilePatch });
export type ProfilePatch = z.output<typeof profilePatch>;
export type ProfilePatchInput = z.input<typeof profilePatch>;

export const profileLocation = z.object({
  latitude: z.number(),
  longitude: z.number(),
  address: text().nullable(),
});

/** The candidate's profile with every section. */
export const profile = z.object({
  id: z.number().int(),
  /** ISO 3166-1 alpha-2. */
  countryOfBirth: text().nullable(),
  /** Stored without spaces or dashes; lay it out with formatIdentification. */
  identification: text().nullable(),
  firstNames: text().nullable(),
  lastName: text().nullable(),
  bornAt: text().nullable(),
  gender: z.enum(genders).nullable(),
  ethnicity: z.enum(ethnicities).nullable(),
  disability: z.boolean().nullable(),
  disabilityDescription: text().nullable(),
  biography: text().nullable(),
  mobileNumber: text().nullable(),
  driversLicense: z.boolean().nullable(),
  location: profileLocation.nullable(),
  /** Problems the platform found on stored fields ({identification: ['must be ...']}). */
  errors: fieldErrors,
  /** Profile completion in percent (the same rules as the to-do list). */
  completion: z.number().int().min(0).max(100),
  updatedAt: z.iso.datetime(),
  experiences: z.array(experience),
  profileQualifications: z.array(profileQualification),
  achievements: z.array(achievement),
  affiliations: z.array(affiliation),
  languageProficiencies: z.array(languageProficiency),
  studyRights: z.array(right),
  workRights: z.array(right),
});
export type Profile = z.infer<typeof profile>;
