import { describe, expect, it } from 'vitest';

import { criterion, criterionKindLabels, criterionKinds } from './criteria.ts';
import { requirementCreateBody, requirementPatchBody } from './eligibility.schemas.ts';

/** The messages per dotted path of a failed parse. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = criterion.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('criterion', () => {
  it.each([
    { kind: 'qualification', minimumNqfLevel: 7, disciplineIds: [1, 2], statuses: ['completed'] },
    {
      kind: 'qualification',
      qualificationTypeIds: [3],
      categoryIds: [1],
      institutionIds: [9],
      statuses: ['current', 'intended'],
    },
    { kind: 'minimum_grade', minimum: 65 },
    {
      kind: 'school_subjects',
      subjects: [
        { componentId: 4, minimumMark: 60 },
        { name: 'Accounting', minimumMark: 50.5 },
      ],
    },
    { kind: 'age', maximum: 30 },
    { kind: 'age', minimum: 18, maximum: 18 },
    { kind: 'citizenship', countries: ['ZA'], permanentResidents: true },
    { kind: 'work_rights', countries: ['ZA', 'NA'] },
    { kind: 'study_rights', countries: ['BW'] },
    { kind: 'distance', maximumKm: 25 },
    {
      kind: 'languages',
      languages: [{ language: 'English', minimumLevel: 'advanced' }, { language: 'isiZulu' }],
    },
    { kind: 'drivers_license' },
    { kind: 'experience', minimumYears: 1.5, experienceKind: 'work' },
    { kind: 'documents', kinds: ['transcript', 'identity_document'] },
  ])('accepts %j', (input) => {
    expect(criterion.parse(input)).toEqual(input);
  });

  it('covers every kind, each with a label', () => {
    expect(Object.keys(criterionKindLabels).sort()).toEqual([...criterionKinds].sort());
    const kindsInUnion = criterion.options.map((o) => o.shape.kind.value).sort();
    expect(kindsInUnion).toEqual([...criterionKinds].sort());
  });

  it('upper-cases country codes and refuses unknown ones', () => {
    expect(criterion.parse({ kind: 'work_rights', countries: ['za'] })).toEqual({
      kind: 'work_rights',
      countries: ['ZA'],
    });
    expect(errorsOf({ kind: 'work_rights', countries: ['ZZ'] })).toEqual({
      'countries.0': ['must be a valid country'],
    });
  });

  it.each([
    [{ kind: 'salary' }, { kind: [expect.stringMatching(/^must be one of: qualification/)] }],
    [{}, { kind: [expect.stringMatching(/^must be one of/)] }],
    [{ kind: 'qualification', statuses: [] }, { statuses: ['must have at least one'] }],
    [
      { kind: 'qualification', statuses: ['done'] },
      { 'statuses.0': ['must be some of: completed, current, intended'] },
    ],
    [
      { kind: 'qualification', minimumNqfLevel: 11, statuses: ['completed'] },
      { minimumNqfLevel: ['must be a whole number from 1 to 10'] },
    ],
    [
      { kind: 'qualification', disciplineIds: [1, 1], statuses: ['completed'] },
      { disciplineIds: ['must not repeat a value'] },
    ],
    [
      { kind: 'qualification', statuses: ['completed'], minimumNqflevel: 7 },
      { '': [expect.stringMatching(/minimumNqflevel/)] },
    ],
    [{ kind: 'minimum_grade', minimum: 101 }, { minimum: ['must be a number from 0 to 100'] }],
    [{ kind: 'minimum_grade', minimum: '60' }, { minimum: ['must be a number from 0 to 100'] }],
    [
      { kind: 'school_subjects', subjects: [{ minimumMark: 60 }] },
      { 'subjects.0.name': ['must name the subject'] },
    ],
    [{ kind: 'age' }, { minimum: ['needs a minimum or a maximum age'] }],
    [{ kind: 'age', minimum: 30, maximum: 20 }, { maximum: ['must not be below the minimum age'] }],
    [{ kind: 'age', maximum: 30.5 }, { maximum: ['must be a whole number from 0 to 120'] }],
    [
      { kind: 'distance', maximumKm: 0 },
      { maximumKm: ['must be a number of kilometres above 0 and at most 20000'] },
    ],
    [
      { kind: 'languages', languages: [{ language: ' ' }] },
      { 'languages.0.language': ['must be provided'] },
    ],
    [
      { kind: 'languages', languages: [{ language: 'English', minimumLevel: 'fluent' }] },
      { 'languages.0.minimumLevel': ['must be one of: basic, intermediate, advanced, native'] },
    ],
    [
      { kind: 'experience', minimumYears: -1 },
      { minimumYears: ['must be a number of years from 0 to 60'] },
    ],
    [
      { kind: 'experience', minimumYears: 1, kind2: 'work' },
      { '': [expect.stringMatching(/kind2/)] },
    ],
    [
      { kind: 'documents', kinds: ['cv'] },
      { 'kinds.0': [expect.stringMatching(/^must be one of: identity_document/)] },
    ],
  ])('refuses %j', (input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });
});

describe('request bodies', () => {
  it('wrap the criterion with its opportunity and position', () => {
    expect(
      requirementCreateBody.parse({
        requirement: { opportunityId: 3, criterion: { kind: 'drivers_license' } },
      }),
    ).toEqual({ requirement: { opportunityId: 3, criterion: { kind: 'drivers_license' } } });
    expect(() =>
      requirementCreateBody.parse({ requirement: { criterion: { kind: 'drivers_license' } } }),
    ).toThrow();
  });

  it('patch the criterion, the position or both, never nothing', () => {
    expect(requirementPatchBody.safeParse({ requirement: { position: 2 } }).success).toBe(true);
    const empty = requirementPatchBody.safeParse({ requirement: {} });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues[0]).toMatchObject({
      path: ['requirement', 'criterion'],
      message: 'must change the criterion or the position',
    });
  });
});
