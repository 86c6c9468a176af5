import { describe, expect, it } from 'vitest';

import { evaluateEligibility, type CriterionResult } from './evaluate.ts';
import {
  NOW,
  capeTown,
  context,
  ids,
  matric,
  qualification,
  requirements,
  sandton,
  student,
} from './test-fixtures.ts';
import type { EligibilitySnapshot } from './snapshot.ts';

/** The one result of a single criterion against a snapshot. */
function one(
  criterion: unknown,
  snapshot: EligibilitySnapshot = student(),
  ctx = context(),
): CriterionResult {
  const result = evaluateEligibility(snapshot, requirements(criterion), ctx);
  expect(result.criteria).toHaveLength(1);
  expect(result.eligible).toBe(result.criteria[0]!.status === 'met');
  return result.criteria[0]!;
}

describe('evaluateEligibility', () => {
  it('is eligible when every criterion is met, and keeps the order of the requirements', () => {
    const result = evaluateEligibility(
      student(),
      requirements(
        { kind: 'age', maximum: 30 },
        { kind: 'minimum_grade', minimum: 60 },
        { kind: 'drivers_license' },
      ),
      context(),
    );
    expect(result.eligible).toBe(true);
    expect(result.criteria.map((c) => [c.requirementId, c.kind, c.status])).toEqual([
      [1, 'age', 'met'],
      [2, 'minimum_grade', 'met'],
      [3, 'drivers_license', 'met'],
    ]);
  });

  it('is eligible for an opportunity without requirements', () => {
    expect(evaluateEligibility(student(), [], context())).toEqual({ eligible: true, criteria: [] });
  });

  it('is not eligible when one criterion is unknown, though none is unmet', () => {
    const result = evaluateEligibility(
      student({ bornAt: null }),
      requirements({ kind: 'age', maximum: 30 }, { kind: 'drivers_license' }),
      context(),
    );
    expect(result.eligible).toBe(false);
    expect(result.criteria.map((c) => c.status)).toEqual(['unknown', 'met']);
  });

  it('describes each requirement and never mutates its inputs', () => {
    const snapshot = Object.freeze(student());
    const reqs = Object.freeze(requirements({ kind: 'minimum_grade', minimum: 60 }));
    const before = JSON.stringify([snapshot, reqs]);
    const result = evaluateEligibility(snapshot, reqs, context());
    expect(result.criteria[0]!.description).toBe('Needs an average of at least 60 %');
    expect(JSON.stringify([snapshot, reqs])).toBe(before);
    expect(evaluateEligibility(snapshot, reqs, context())).toEqual(result);
  });
});

describe('qualification', () => {
  const bachelor = { kind: 'qualification', minimumNqfLevel: 7, statuses: ['completed'] };

  it('says what is needed and what the candidate has', () => {
    expect(one(bachelor)).toEqual({
      requirementId: 1,
      kind: 'qualification',
      status: 'unmet',
      description: "Needs a completed Bachelor's degree or higher",
      reason: 'Your Bachelor of Science in Computer Science: studying now',
      action: {
        type: 'profile.profile_qualification',
        label: 'Add a study programme',
        resolutionPath: '/candidate/profile#profileQualifications',
      },
    });
  });

  it('is met by a current degree when current ones count', () => {
    const result = one({ ...bachelor, statuses: ['completed', 'current'] });
    expect(result.status).toBe('met');
    expect(result.reason).toBe('Bachelor of Science in Computer Science (studying now)');
    expect(result.action).toBeUndefined();
  });

  it('derives the status from the dates unless the candidate chose one', () => {
    const finished = student({ qualifications: [qualification({ endsAt: '2026-06-30' })] });
    expect(one(bachelor, finished).status).toBe('met');
    const chosen = student({
      qualifications: [qualification({ endsAt: '2026-06-30', status: 'current' })],
    });
    expect(one(bachelor, chosen).status).toBe('unmet');
  });

  it('names the NQF level the candidate falls short with', () => {
    const diploma = student({
      qualifications: [
        qualification({
          name: 'Diploma in IT',
          qualificationTypeId: ids.diplomaType,
          typeName: 'Diploma',
          nqfLevel: 6,
          status: 'completed',
        }),
      ],
    });
    expect(one(bachelor, diploma).reason).toBe('Your Diploma in IT is NQF 6');
  });

  it('accepts a listed type even below the minimum level', () => {
    const diploma = student({
      qualifications: [
        qualification({ qualificationTypeId: ids.diplomaType, nqfLevel: 6, status: 'completed' }),
      ],
    });
    const result = one({ ...bachelor, qualificationTypeIds: [ids.diplomaType] }, diploma);
    expect(result.status).toBe('met');
    expect(result.description).toBe("Needs a completed Diploma, or a Bachelor's degree or higher");
  });

  it('checks disciplines, categories and institutions', () => {
    const law = { kind: 'qualification', disciplineIds: [ids.law], statuses: ['current'] };
    expect(one(law)).toMatchObject({
      status: 'unmet',
      description: 'Needs a current qualification in Law',
      reason: 'Your Bachelor of Science in Computer Science is in Computer Science',
    });
    expect(
      one({ kind: 'qualification', disciplineIds: [ids.computerScience], statuses: ['current'] })
        .status,
    ).toBe('met');
    expect(
      one({ kind: 'qualification', categoryIds: [ids.science], statuses: ['current'] }).status,
    ).toBe('met');
    const elsewhere = one({
      kind: 'qualification',
      institutionIds: [999],
      statuses: ['current'],
    });
    expect(elsewhere.status).toBe('unmet');
    expect(elsewhere.reason).toMatch(/is from University of Cape Town$/);
    expect(elsewhere.description).toBe('Needs a current qualification from institution 999');
  });

  it('is unknown, pointing at the qualification, when only a missing detail stands in the way', () => {
    const vague = student({ qualifications: [qualification({ disciplines: [], id: 7 })] });
    expect(
      one(
        { kind: 'qualification', disciplineIds: [ids.computerScience], statuses: ['current'] },
        vague,
      ),
    ).toMatchObject({
      status: 'unknown',
      reason:
        'Add the field of study of your Bachelor of Science in Computer Science: needs a current qualification in Computer Science',
      action: { resolutionPath: '/candidate/profile#profile-qualification-7' },
    });
    const undated = student({
      qualifications: [qualification({ startsAt: null, endsAt: null, status: null })],
    });
    expect(one(bachelor, undated)).toMatchObject({
      status: 'unknown',
      reason: expect.stringMatching(/^Add the dates of your Bachelor/),
    });
  });

  it('is unknown without any qualification, leading to the qualifications section', () => {
    expect(one(bachelor, student({ qualifications: [] }))).toMatchObject({
      status: 'unknown',
      reason: "Add your qualifications: needs a completed Bachelor's degree or higher",
      action: {
        type: 'profile.profile_qualification',
        resolutionPath: '/candidate/profile#profileQualifications',
      },
    });
  });

  it('finds a matching qualification among several', () => {
    const result = one({ kind: 'qualification', minimumNqfLevel: 4, statuses: ['completed'] });
    expect(result).toMatchObject({
      status: 'met',
      reason: 'National Senior Certificate (completed)',
    });
  });
});

describe('minimum_grade', () => {
  it('uses the average of the highest qualification that has one', () => {
    expect(one({ kind: 'minimum_grade', minimum: 75 })).toMatchObject({
      status: 'unmet',
      reason: 'Average 74.5 % (Bachelor of Science in Computer Science), needs 75 %',
    });
    expect(one({ kind: 'minimum_grade', minimum: 74.5 }).status).toBe('met');
    const firstYear = student({
      qualifications: [matric(), qualification({ gradeNormalized: null })],
    });
    expect(one({ kind: 'minimum_grade', minimum: 80 }, firstYear)).toMatchObject({
      status: 'met',
      reason: 'Average 84.57 % (National Senior Certificate), needs 80 %',
    });
  });

  it('is unknown without an average, leading to the qualification', () => {
    const none = student({ qualifications: [qualification({ id: 9, gradeNormalized: null })] });
    expect(one({ kind: 'minimum_grade', minimum: 60 }, none)).toMatchObject({
      status: 'unknown',
      reason: 'Add the average mark of your Bachelor of Science in Computer Science: needs 60 %',
      action: {
        type: 'profile.qualification_grade',
        label: 'Add your average mark',
        resolutionPath: '/candidate/profile#profile-qualification-9',
      },
    });
    expect(
      one({ kind: 'minimum_grade', minimum: 60 }, student({ qualifications: [] })).status,
    ).toBe('unknown');
  });
});

describe('school_subjects', () => {
  const maths = (minimumMark: number) => ({
    kind: 'school_subjects',
    subjects: [{ componentId: ids.mathematics, name: 'Mathematics', minimumMark }],
  });

  it('says "Mathematics 58 %, needs 60 %"', () => {
    const weaker = student({
      qualifications: [
        matric({ components: [{ componentId: ids.mathematics, name: 'Mathematics', mark: 58 }] }),
      ],
    });
    expect(one(maths(60), weaker)).toEqual({
      requirementId: 1,
      kind: 'school_subjects',
      status: 'unmet',
      description: 'Needs Mathematics 60 % or more at school',
      reason: 'Mathematics 58 %, needs 60 %',
      action: {
        type: 'profile.high_school_subjects',
        label: 'Complete an assessment or Add high school subjects',
        resolutionPath: '/candidate/profile#profile-qualification-101',
      },
    });
    expect(one(maths(60))).toMatchObject({ status: 'met', reason: 'Mathematics 88 %, needs 60 %' });
  });

  it('matches by name when the subject was typed, and lists every shortfall', () => {
    const typed = student({
      qualifications: [
        matric({
          components: [
            { componentId: null, name: 'mathematics', mark: 61 },
            { componentId: null, name: 'Physical Sciences', mark: 49 },
          ],
        }),
      ],
    });
    const result = one(
      {
        kind: 'school_subjects',
        subjects: [
          { name: 'Mathematics', minimumMark: 60 },
          { name: 'Physical Sciences', minimumMark: 50 },
          { name: 'Accounting', minimumMark: 50 },
        ],
      },
      typed,
    );
    expect(result.status).toBe('unmet');
    expect(result.reason).toBe(
      'Physical Sciences 49 %, needs 50 %; No Accounting among your subjects, needs 50 %',
    );
  });

  it('is unknown without a school qualification, its subjects or the mark', () => {
    expect(one(maths(60), student({ qualifications: [qualification()] }))).toMatchObject({
      status: 'unknown',
      reason: 'Add your high school subjects: needs Mathematics 60 %',
      action: { resolutionPath: '/candidate/profile#profileQualifications' },
    });
    expect(one(maths(60), student({ qualifications: [matric({ components: [] })] }))).toMatchObject(
      {
        status: 'unknown',
        reason: 'Add the subjects of your National Senior Certificate: needs Mathematics 60 %',
        action: { resolutionPath: '/candidate/profile#profile-qualification-101' },
      },
    );
    const noMark = student({
      qualifications: [
        matric({ components: [{ componentId: ids.mathematics, name: 'Mathematics', mark: null }] }),
      ],
    });
    expect(one(maths(60), noMark)).toMatchObject({
      status: 'unknown',
      reason: 'Add your Mathematics mark, needs 60 %',
    });
  });

  it('names a subject given only by id from the reference names', () => {
    const result = one({
      kind: 'school_subjects',
      subjects: [{ componentId: ids.physics, minimumMark: 90 }],
    });
    expect(result.description).toBe('Needs Physical Sciences 90 % or more at school');
    expect(result.reason).toBe('Physical Sciences 82 %, needs 90 %');
  });
});

describe('age', () => {
  it.each([
    [{ maximum: 30 }, 'met', '21 years old, needs 30 or younger'],
    [{ maximum: 20 }, 'unmet', '21 years old, needs 20 or younger'],
    [{ minimum: 21 }, 'met', '21 years old, needs 21 or older'],
    [{ minimum: 22 }, 'unmet', '21 years old, needs 22 or older'],
    [{ minimum: 18, maximum: 35 }, 'met', '21 years old, needs between 18 and 35'],
  ])('%j is %s', (bounds, status, reason) => {
    expect(one({ kind: 'age', ...bounds })).toMatchObject({ status, reason });
  });

  it('counts birthdays to the day', () => {
    const ctx = (now: string) => context({ now: new Date(now) });
    expect(one({ kind: 'age', minimum: 22 }, student(), ctx('2027-03-13T12:00:00Z')).status).toBe(
      'unmet',
    );
    expect(one({ kind: 'age', minimum: 22 }, student(), ctx('2027-03-14T00:00:00Z')).status).toBe(
      'met',
    );
  });

  it('is unknown without a date of birth, with the to-do action that adds it', () => {
    expect(one({ kind: 'age', maximum: 30 }, student({ bornAt: null }))).toMatchObject({
      status: 'unknown',
      reason: 'Add your date of birth: needs 30 or younger',
      action: {
        type: 'profile.date_of_birth',
        label: 'Add your date of birth',
        resolutionPath: '/candidate/profile#bornAt',
      },
    });
  });
});

describe('citizenship and rights', () => {
  const za = { kind: 'citizenship', countries: ['ZA'] };

  it('reads South African citizenship from the ID number', () => {
    expect(one(za)).toMatchObject({
      status: 'met',
      reason: 'Citizen of South Africa, needs citizenship of South Africa',
    });
    const resident = student({ identification: '0503140142186' });
    expect(one(za, resident)).toMatchObject({
      status: 'unmet',
      reason: 'Permanent resident of South Africa, needs citizenship of South Africa',
    });
    expect(one({ ...za, permanentResidents: true }, resident).status).toBe('met');
  });

  it('reads citizenship from the rights the candidate added', () => {
    const namibian = student({
      countryOfBirth: 'NA',
      identification: 'N1234567',
      workRights: [{ countryCode: 'NA', kind: 'citizen', validUntil: null }],
    });
    expect(one({ kind: 'citizenship', countries: ['NA', 'BW'] }, namibian)).toMatchObject({
      status: 'met',
      description: 'Needs citizenship of Namibia or Botswana',
    });
    expect(one(za, namibian)).toMatchObject({
      status: 'unknown',
      reason: 'Add your citizenship: needs citizenship of South Africa',
      action: { type: 'profile.work_rights', resolutionPath: '/candidate/profile#workRights' },
    });
    const permit = student({
      countryOfBirth: 'ZW',
      identification: null,
      workRights: [{ countryCode: 'ZA', kind: 'permit', validUntil: '2027-01-31' }],
    });
    expect(one(za, permit)).toMatchObject({
      status: 'unmet',
      reason: 'Your right in South Africa is a permit, needs citizenship of South Africa',
    });
  });

  it('asks an SA-born candidate without a valid ID number for it', () => {
    expect(one(za, student({ identification: null }))).toMatchObject({
      status: 'unknown',
      action: {
        type: 'profile.identification',
        resolutionPath: '/candidate/profile#identification',
      },
    });
    expect(one(za, student({ countryOfBirth: null, identification: null }))).toMatchObject({
      status: 'unknown',
      action: {
        type: 'profile.identification',
        resolutionPath: '/candidate/profile#countryOfBirth',
      },
    });
  });

  it('gives citizens and permanent residents the right to work and study', () => {
    expect(one({ kind: 'work_rights', countries: ['ZA'] }).reason).toBe(
      'Citizen of South Africa, needs the right to work in South Africa',
    );
    expect(
      one({ kind: 'study_rights', countries: ['ZA'] }, student({ identification: '0503140142186' }))
        .status,
    ).toBe('met');
  });

  it('checks a permit against today', () => {
    const holder = (validUntil: string | null) =>
      student({
        countryOfBirth: 'ZW',
        identification: '63123456A78',
        workRights: [{ countryCode: 'ZA', kind: 'permit', validUntil }],
      });
    expect(one({ kind: 'work_rights', countries: ['ZA'] }, holder('2027-01-31'))).toMatchObject({
      status: 'met',
      reason: 'Permit for South Africa until 2027-01-31, needs the right to work in South Africa',
    });
    expect(one({ kind: 'work_rights', countries: ['ZA'] }, holder('2026-11-19'))).toMatchObject({
      status: 'unmet',
      reason:
        'Your permit for South Africa ended on 2026-11-19, needs the right to work in South Africa',
      action: { type: 'profile.work_rights' },
    });
    expect(one({ kind: 'study_rights', countries: ['ZA'] }, holder(null))).toMatchObject({
      status: 'unknown',
      reason: 'Add your study rights: needs the right to study in South Africa',
      action: { type: 'profile.study_rights', resolutionPath: '/candidate/profile#studyRights' },
    });
    const elsewhere = student({
      countryOfBirth: 'ZW',
      identification: '63123456A78',
      studyRights: [{ countryCode: 'BW', kind: 'visa', validUntil: null }],
    });
    expect(one({ kind: 'study_rights', countries: ['ZA'] }, elsewhere)).toMatchObject({
      status: 'unmet',
      reason: 'Your study rights are for Botswana, needs the right to study in South Africa',
    });
  });
});

describe('distance', () => {
  it('measures to the nearest location with a 6371 km haversine', () => {
    expect(
      one(
        { kind: 'distance', maximumKm: 25 },
        student(),
        context({ locations: [sandton, capeTown] }),
      ),
    ).toMatchObject({
      status: 'met',
      reason: '5.8 km from the nearest location (Cape Town), within 25 km',
    });
    expect(
      one({ kind: 'distance', maximumKm: 25 }, student(), context({ locations: [sandton] })),
    ).toMatchObject({
      status: 'unmet',
      reason: '1269 km from the nearest location (Sandton), needs within 25 km',
    });
  });

  it('says "34 km from the nearest location, needs within 25 km"', () => {
    // 34 km due north of the candidate: 34 / 6371 radians of latitude.
    const north = {
      latitude: -33.9588 + ((34 / 6371) * 180) / Math.PI,
      longitude: 18.4719,
    };
    expect(
      one({ kind: 'distance', maximumKm: 25 }, student(), context({ locations: [north] })).reason,
    ).toBe('34 km from the nearest location, needs within 25 km');
  });

  it('shows a decimal when rounding would hide the shortfall', () => {
    const justOut = { latitude: -33.9588 + ((25.3 / 6371) * 180) / Math.PI, longitude: 18.4719 };
    expect(
      one({ kind: 'distance', maximumKm: 25 }, student(), context({ locations: [justOut] })).reason,
    ).toBe('25.3 km from the nearest location, needs within 25 km');
  });

  it('is unknown without the candidate location, and met without opportunity locations', () => {
    expect(one({ kind: 'distance', maximumKm: 25 }, student({ location: null }))).toMatchObject({
      status: 'unknown',
      reason: 'Add your location: needs within 25 km of a location',
      action: { type: 'profile.location', label: 'Add your location' },
    });
    expect(
      one({ kind: 'distance', maximumKm: 25 }, student(), context({ locations: [] })).status,
    ).toBe('met');
  });
});

describe('languages', () => {
  it('compares names without case and levels by the weakest skill', () => {
    const result = one({
      kind: 'languages',
      languages: [{ language: 'english', minimumLevel: 'advanced' }, { language: 'isiXhosa' }],
    });
    expect(result).toMatchObject({
      status: 'met',
      reason: 'English advanced, needs advanced; isiXhosa native',
    });
    const mixed = student({
      languages: [
        { language: 'English', reading: 'native', writing: 'intermediate', speaking: 'advanced' },
      ],
    });
    expect(
      one(
        { kind: 'languages', languages: [{ language: 'English', minimumLevel: 'advanced' }] },
        mixed,
      ),
    ).toMatchObject({ status: 'unmet', reason: 'English intermediate, needs advanced' });
  });

  it('names a missing language, and asks for a level not given', () => {
    expect(one({ kind: 'languages', languages: [{ language: 'isiZulu' }] })).toMatchObject({
      status: 'unmet',
      reason: 'No isiZulu on your profile',
      action: { type: 'profile.languages' },
    });
    const noLevel = student({
      languages: [{ language: 'English', reading: null, writing: null, speaking: null }],
    });
    expect(
      one(
        { kind: 'languages', languages: [{ language: 'English', minimumLevel: 'basic' }] },
        noLevel,
      ),
    ).toMatchObject({ status: 'unknown', reason: 'Add your English level, needs basic' });
    expect(
      one({ kind: 'languages', languages: [{ language: 'English' }] }, student({ languages: [] })),
    ).toMatchObject({ status: 'unknown', reason: 'Add your languages: needs English' });
  });
});

describe("driver's licence, experience and documents", () => {
  it("reads the driver's licence", () => {
    expect(one({ kind: 'drivers_license' }).status).toBe('met');
    expect(one({ kind: 'drivers_license' }, student({ driversLicense: false }))).toMatchObject({
      status: 'unmet',
      reason: "No driver's licence, needs one",
    });
    expect(one({ kind: 'drivers_license' }, student({ driversLicense: null }))).toMatchObject({
      status: 'unknown',
      action: {
        type: 'profile.drivers_license',
        resolutionPath: '/candidate/profile#driversLicense',
      },
    });
  });

  it('adds up experience, overlapping periods once, open ones to today', () => {
    // Volunteering since 2024-01-01 (current) and two months of work inside it: 2.9 years.
    expect(one({ kind: 'experience', minimumYears: 2 })).toMatchObject({
      status: 'met',
      reason: '2.9 years of work or volunteering experience, needs 2 years',
    });
    expect(one({ kind: 'experience', minimumYears: 1, experienceKind: 'work' })).toMatchObject({
      status: 'unmet',
      description: 'Needs 1 year of work experience',
      reason: '0.2 years of work experience, needs 1 year',
      action: { type: 'profile.experience', resolutionPath: '/candidate/profile#experiences' },
    });
    expect(
      one({ kind: 'experience', minimumYears: 1 }, student({ experiences: [] })),
    ).toMatchObject({
      status: 'unknown',
      reason: 'Add your work or volunteering experience: needs 1 year',
    });
    expect(one({ kind: 'experience', minimumYears: 0 }, student({ experiences: [] })).status).toBe(
      'met',
    );
  });

  it('needs every document kind, leading to the first one missing', () => {
    expect(one({ kind: 'documents', kinds: ['transcript'] })).toMatchObject({
      status: 'met',
      reason: 'Transcript uploaded',
    });
    expect(
      one({
        kind: 'documents',
        kinds: ['transcript', 'proof_of_registration', 'high_school_certificate'],
      }),
    ).toEqual({
      requirementId: 1,
      kind: 'documents',
      status: 'unmet',
      description:
        'Needs a transcript, a proof of registration and a high school certificate uploaded',
      reason: 'Upload a proof of registration and a high school certificate',
      action: {
        type: 'documents.proof_of_registration',
        label: 'Add a proof of registration',
        resolutionPath: '/candidate/documents?kind=proof_of_registration',
      },
    });
  });
});

describe('the clock', () => {
  it('judges on the day of `now` in UTC', () => {
    expect(NOW.toISOString().slice(0, 10)).toBe('2026-11-20');
  });
});
