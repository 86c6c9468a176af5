import { describe, expect, it } from 'vitest';

import { dateMessages, isoDay, qualificationStatusOf } from './dates.ts';
import { fieldMessages } from './fields.ts';
import { isPhoneNumber, profileMessages, profilePatch } from './profile.schemas.ts';
import {
  affiliationCreateBody,
  experienceCreateBody,
  experiencePatchBody,
  languageProficiencyCreateBody,
  profileQualificationComponentCreateBody,
  profileQualificationCreateBody,
  profileQualificationPatchBody,
  studyRightCreateBody,
  workRightPatchBody,
} from './sections.schemas.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.') || 'base'] ??= []).push(issue.message);
  return out;
};

describe('profilePatch', () => {
  it('refuses a date of birth the South African ID number in the same patch does not state', () => {
    // 900101 5009 08 and its check digit: born 1 January 1990.
    const identity = { countryOfBirth: 'ZA', identification: '9001015009086' };
    expect(errorsOf(profilePatch.safeParse({ ...identity, bornAt: '1990-01-02' }))).toEqual({
      bornAt: ['must match the date of birth in your ID number'],
    });
    expect(profilePatch.parse({ ...identity, bornAt: '1990-01-01' })).toMatchObject({
      bornAt: '1990-01-01',
    });
    expect(profilePatch.safeParse({ ...identity, bornAt: null }).success).toBe(true);
    expect(
      profilePatch.safeParse({
        countryOfBirth: 'NG',
        identification: '90010150090',
        bornAt: '1990-01-02',
      }).success,
    ).toBe(true);
  });

  it('accepts an empty patch', () => {
    expect(profilePatch.parse({})).toEqual({});
  });

  it('title-cases names and refuses empty ones with "You must specify" messages', () => {
    expect(profilePatch.parse({ firstNames: ' thandi  nomsa ', lastName: "o'neil-dube" })).toEqual({
      firstNames: 'Thandi Nomsa',
      lastName: "O'Neil-Dube",
    });
    expect(profilePatch.parse({ firstNames: 'JAN', lastName: 'van der merwe' })).toEqual({
      firstNames: 'Jan',
      lastName: 'van der Merwe',
    });
    expect(errorsOf(profilePatch.safeParse({ firstNames: '', lastName: '  ' }))).toEqual({
      firstNames: [profileMessages.firstNamesRequired],
      lastName: [profileMessages.lastNameRequired],
    });
    expect(errorsOf(profilePatch.safeParse({ firstNames: null, lastName: 4 }))).toEqual({
      firstNames: ['You must specify a first name'],
      lastName: ['You must specify a last name'],
    });
  });

  it('upper-cases the country and checks it is an ISO code', () => {
    expect(profilePatch.parse({ countryOfBirth: 'za' })).toEqual({ countryOfBirth: 'ZA' });
    expect(errorsOf(profilePatch.safeParse({ countryOfBirth: 'ZZ' }))).toEqual({
      countryOfBirth: [fieldMessages.invalidCountry],
    });
    expect(errorsOf(profilePatch.safeParse({ countryOfBirth: '' }))).toEqual({
      countryOfBirth: ['must be provided'],
    });
    expect(errorsOf(profilePatch.safeParse({ countryOfBirth: null }))).toEqual({
      countryOfBirth: ['must be provided'],
    });
  });

  it('normalises the identification and checks it against the country in the same patch', () => {
    expect(profilePatch.parse({ countryOfBirth: 'ZA', identification: '800101 5009 087' })).toEqual(
      { countryOfBirth: 'ZA', identification: '8001015009087' },
    );
    expect(
      errorsOf(profilePatch.safeParse({ countryOfBirth: 'ZA', identification: '8001015009086' })),
    ).toEqual({ identification: ['must be a valid identification'] });
    expect(
      errorsOf(profilePatch.safeParse({ countryOfBirth: 'NG', identification: '1234567890' })),
    ).toEqual({ identification: ['must be a valid identification'] });
    expect(errorsOf(profilePatch.safeParse({ identification: ' - ' }))).toEqual({
      identification: ['must be provided'],
    });
    expect(errorsOf(profilePatch.safeParse({ identification: null }))).toEqual({
      identification: ['must be provided'],
    });
    expect(errorsOf(profilePatch.safeParse({ identification: 12 }))).toEqual({
      identification: ['must be a valid identification'],
    });
    // Alone, the identification's rule needs the stored country: the server checks it.
    expect(profilePatch.parse({ identification: '12345' })).toEqual({ identification: '12345' });
  });

  it('checks dates, enums, phone numbers and the location', () => {
    const result = profilePatch.safeParse({
      bornAt: '2001-02-29',
      gender: 'robot',
      mobileNumber: 'call me',
      location: { latitude: 91, longitude: 'east' },
    });
    const errors = errorsOf(result);
    expect(errors.bornAt).toEqual([dateMessages.invalid]);
    expect(errors.gender).toHaveLength(1);
    expect(errors.mobileNumber).toEqual([profileMessages.mobileInvalid]);
    expect(errors['location.latitude']).toEqual(['must be between -90 and 90']);
    expect(errors['location.longitude']).toEqual(['must be a number']);
    expect(errorsOf(profilePatch.safeParse({ bornAt: '2999-01-01' }))).toEqual({
      bornAt: [dateMessages.future],
    });
  });

  it('stores blank optional text as null and lets null clear a field', () => {
    expect(
      profilePatch.parse({
        biography: '   ',
        mobileNumber: ' +27  82 555 0142 ',
        gender: null,
        location: null,
        disability: false,
      }),
    ).toEqual({
      biography: null,
      mobileNumber: '+27 82 555 0142',
      gender: null,
      location: null,
      disability: false,
    });
  });

  it('drops fields a candidate may not set', () => {
    expect(
      profilePatch.parse({ id: 9, userId: 3, errors: {}, completion: 100, verifiedAt: 'x' }),
    ).toEqual({});
  });

  it.each([
    ['+27 82 555 0142', true],
    ['082-555-0142', true],
    ['(021) 650 9111', true],
    ['123456', false],
    ['+1234567890123456', false],
    ['082 555 O142', false],
  ])('phone number %j → %j', (value, ok) => {
    expect(isPhoneNumber(value)).toBe(ok);
  });
});

describe('section bodies', () => {
  it('requires the experience fields and keeps the end not before the start', () => {
    expect(errorsOf(experienceCreateBody.safeParse({ experience: {} }))).toEqual({
      'experience.title': ['must be provided'],
      'experience.organizationName': ['must be provided'],
      'experience.startsAt': ['must be provided'],
    });
    expect(
      errorsOf(
        experienceCreateBody.safeParse({
          experience: {
            title: 'Tutor',
            organizationName: 'Ikhaya',
            startsAt: '2024-05-01',
            endsAt: '2024-04-30',
          },
        }),
      ),
    ).toEqual({ 'experience.endsAt': [dateMessages.endBeforeStart] });
    expect(errorsOf(experienceCreateBody.safeParse({}))).toHaveProperty('experience');
  });

  it('lets an experience patch change any subset but not blank a required field', () => {
    expect(experiencePatchBody.parse({ experience: { current: true } })).toEqual({
      experience: { current: true },
    });
    expect(errorsOf(experiencePatchBody.safeParse({ experience: { title: ' ' } }))).toEqual({
      'experience.title': ['must be provided'],
    });
  });

  it('needs an institution and a type for a profile qualification, grades 0-100', () => {
    expect(
      errorsOf(profileQualificationCreateBody.safeParse({ profileQualification: {} })),
    ).toEqual({
      'profileQualification.institutionId': ['must be provided'],
      'profileQualification.qualificationTypeId': ['must be provided'],
    });
    expect(
      profileQualificationCreateBody.parse({
        profileQualification: {
          institutionName: 'Sunnyside Secondary',
          qualificationTypeId: 1,
          gradeNormalized: 74.456,
          verifiedAt: '2026-01-01T00:00:00Z',
        },
      }),
    ).toEqual({
      profileQualification: {
        institutionName: 'Sunnyside Secondary',
        qualificationTypeId: 1,
        gradeNormalized: 74.46,
      },
    });
    expect(
      errorsOf(
        profileQualificationPatchBody.safeParse({
          profileQualification: { gradeNormalized: 101, disciplineIds: ['x'] },
        }),
      ),
    ).toEqual({
      'profileQualification.gradeNormalized': [fieldMessages.percentage],
      'profileQualification.disciplineIds.0': ['must be a whole number'],
    });
  });

  it('needs a subject for a component, marks 0-100', () => {
    expect(
      errorsOf(
        profileQualificationComponentCreateBody.safeParse({
          profileQualificationComponent: { mark: -1 },
        }),
      ),
    ).toEqual({
      'profileQualificationComponent.mark': [fieldMessages.percentage],
      'profileQualificationComponent.name': ['must be provided'],
    });
    expect(
      errorsOf(
        profileQualificationComponentCreateBody.safeParse({
          profileQualificationComponent: { mark: 50 },
        }),
      ),
    ).toEqual({ 'profileQualificationComponent.name': ['must be provided'] });
  });

  it('checks affiliations, languages and rights', () => {
    expect(
      errorsOf(
        affiliationCreateBody.safeParse({
          affiliation: {
            organizationName: 'Golden Key',
            startsAt: '2024-01-01',
            endsAt: '2023-01-01',
          },
        }),
      ),
    ).toEqual({ 'affiliation.endsAt': [dateMessages.endBeforeStart] });
    expect(
      errorsOf(
        languageProficiencyCreateBody.safeParse({ languageProficiency: { reading: 'fluent' } }),
      ),
    ).toMatchObject({ 'languageProficiency.language': ['must be provided'] });
    expect(
      studyRightCreateBody.parse({ studyRight: { countryCode: 'za', kind: 'citizen' } }),
    ).toEqual({ studyRight: { countryCode: 'ZA', kind: 'citizen' } });
    expect(errorsOf(workRightPatchBody.safeParse({ workRight: { countryCode: 'XX' } }))).toEqual({
      'workRight.countryCode': [fieldMessages.invalidCountry],
    });
  });
});

describe('dates', () => {
  it('derives a qualification status from its dates unless one was chosen', () => {
    const today = '2026-06-15';
    const q = (startsAt: string | null, endsAt: string | null, status = null) => ({
      startsAt,
      endsAt,
      status,
    });
    expect(qualificationStatusOf(q('2020-01-01', '2020-12-01'), today)).toBe('completed');
    expect(qualificationStatusOf(q('2026-01-01', '2026-12-01'), today)).toBe('current');
    expect(qualificationStatusOf(q('2026-06-15', null), today)).toBe('current');
    expect(qualificationStatusOf(q('2027-01-01', null), today)).toBe('intended');
    expect(qualificationStatusOf(q(null, null), today)).toBeNull();
    expect(
      qualificationStatusOf({ startsAt: null, endsAt: '2020-01-01', status: 'intended' }, today),
    ).toBe('intended');
  });

  it('takes the UTC day', () => {
    expect(isoDay(new Date('2026-06-15T23:59:59Z'))).toBe('2026-06-15');
  });
});
