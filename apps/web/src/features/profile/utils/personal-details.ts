import type { FieldErrors, Resolver } from 'react-hook-form';

import {
  bornAtErrors,
  formatIdentification,
  identityErrors,
} from '@pathways/shared/profile/identification';
import {
  profilePatch,
  type Ethnicity,
  type Gender,
  type Profile,
  type ProfilePatchInput,
} from '@pathways/shared/profile/profile.schemas';

import { fromYesNo, todayIso, toYesNo, type YesNo } from './format';

/** The personal details form: what the inputs hold (selects hold '' for "not given"). */
export interface PersonalValues {
  firstNames: string;
  lastName: string;
  countryOfBirth: string;
  identification: string;
  bornAt: string | null;
  gender: Gender | '';
  ethnicity: Ethnicity | '';
  disability: YesNo;
  disabilityDescription: string;
  driversLicense: YesNo;
  mobileNumber: string;
}

export const personalFields = [
  'firstNames',
  'lastName',
  'countryOfBirth',
  'identification',
  'bornAt',
  'gender',
  'ethnicity',
  'disability',
  'disabilityDescription',
  'driversLicense',
  'mobileNumber',
] as const satisfies readonly (keyof PersonalValues)[];

export function personalValuesOf(profile: Profile): PersonalValues {
  const country = profile.countryOfBirth ?? '';
  return {
    firstNames: profile.firstNames ?? '',
    lastName: profile.lastName ?? '',
    countryOfBirth: country,
    identification: profile.identification
      ? formatIdentification(country, profile.identification)
      : '',
    bornAt: profile.bornAt,
    gender: profile.gender ?? '',
    ethnicity: profile.ethnicity ?? '',
    disability: toYesNo(profile.disability),
    disabilityDescription: profile.disabilityDescription ?? '',
    driversLicense: toYesNo(profile.driversLicense),
    mobileNumber: profile.mobileNumber ?? '',
  };
}

/**
 * The PATCH body of the form's fields. A country or identification left empty is not sent:
 * neither can be cleared, and the profile may simply not have them yet.
 */
export function patchOf(
  values: PersonalValues,
  only?: ReadonlySet<keyof PersonalValues>,
): ProfilePatchInput {
  const all: ProfilePatchInput = {
    firstNames: values.firstNames,
    lastName: values.lastName,
    bornAt: values.bornAt,
    gender: values.gender === '' ? null : values.gender,
    ethnicity: values.ethnicity === '' ? null : values.ethnicity,
    disability: fromYesNo(values.disability),
    disabilityDescription: values.disability === 'yes' ? values.disabilityDescription : null,
    driversLicense: fromYesNo(values.driversLicense),
    mobileNumber: values.mobileNumber,
    ...(values.countryOfBirth ? { countryOfBirth: values.countryOfBirth } : {}),
    ...(values.identification.trim() ? { identification: values.identification } : {}),
  };
  if (!only) return all;
  return Object.fromEntries(
    Object.entries(all).filter(([field]) => only.has(field as keyof PersonalValues)),
  ) as ProfilePatchInput;
}

/**
 * Checks the form with the shared rules, so the browser says what the server would: the
 * profile's patch schema for every field, and the identification against the country of birth
 * and the date of birth against the identification (checked on their own too, as the schema
 * checks them only once everything else is valid).
 * `hadIdentification`: an identification on file cannot be blanked out.
 */
export function personalResolver(hadIdentification: () => boolean): Resolver<PersonalValues> {
  return (values) => {
    const errors: FieldErrors<PersonalValues> = {};
    const add = (field: string, message: string) => {
      const key = field as keyof PersonalValues;
      if (personalFields.includes(key) && !errors[key]) {
        errors[key] = { type: 'validate', message };
      }
    };
    const patch = patchOf(values);
    if (!patch.identification && hadIdentification()) patch.identification = '';
    const parsed = profilePatch.safeParse(patch);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
    }
    const pairErrors = { ...identityErrors(values), ...bornAtErrors(values, todayIso()) };
    for (const [field, messages] of Object.entries(pairErrors)) {
      if (messages[0]) add(field, messages[0]);
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
