import { z } from 'zod';

import { documentKinds } from '../documents/documents.schemas.ts';
import { qualificationStatuses } from '../profile/dates.ts';
import { countryCode, id } from '../profile/fields.ts';
import { experienceKinds, languageLevels } from '../profile/sections.schemas.ts';
import { text } from '../common/text.ts';

// An opportunity's requirements are typed criteria: one zod schema per kind,
// joined in a union discriminated on `kind`. The admin API validates a criterion with it before it
// is stored, and the API parses stored ones with it before evaluating them. Criteria are strict:
// a misspelt key is an error, never a silently looser requirement.

export const criterionMessages = {
  kind: 'must be one of: qualification, minimum_grade, school_subjects, age, citizenship, work_rights, study_rights, distance, languages, drivers_license, experience, documents',
  atLeastOne: 'must have at least one',
  repeated: 'must not repeat a value',
  tooMany: (max: number) => `must have at most ${max}`,
  nqfLevel: 'must be a whole number from 1 to 10',
  percentage: 'must be a number from 0 to 100',
  age: 'must be a whole number from 0 to 120',
  ageBounds: 'needs a minimum or a maximum age',
  ageOrder: 'must not be below the minimum age',
  distance: 'must be a number of kilometres above 0 and at most 20000',
  years: 'must be a number of years from 0 to 60',
  subjectNamed: 'must name the subject',
  statuses: `must be some of: ${qualificationStatuses.join(', ')}`,
  languageLevel: `must be one of: ${languageLevels.join(', ')}`,
  documentKind: `must be one of: ${documentKinds.join(', ')}`,
  experienceKind: `must be one of: ${experienceKinds.join(', ')}`,
} as const;

/** A non-empty list of distinct values (no transform, so the schema also describes responses). */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .min(1, { error: criterionMessages.atLeastOne })
    .max(max, { error: criterionMessages.tooMany(max) })
    .refine((values) => new Set(values.map((v) => JSON.stringify(v))).size === values.length, {
      error: criterionMessages.repeated,
    });

const ids = list(id, 100);
const countries = list(countryCode, 60);
const percentage = z
  .number({ error: criterionMessages.percentage })
  .min(0, { error: criterionMessages.percentage })
  .max(100, { error: criterionMessages.percentage });
const wholeAge = z
  .number({ error: criterionMessages.age })
  .int({ error: criterionMessages.age })
  .min(0, { error: criterionMessages.age })
  .max(120, { error: criterionMessages.age });
const name = (max: number) =>
  text({ error: 'must be provided' })
    .trim()
    .min(1, { error: 'must be provided' })
    .max(max, { error: `must be at most ${max} characters` });

/**
 * One of the candidate's qualifications matches every filter given: its type is one of
 * `qualificationTypeIds` or its NQF level is at least `minimumNqfLevel` (either, when both are
 * given), its category, one of its disciplines and its institution are in their lists, and its
 * status (chosen, or derived from its dates) is one of `statuses`.
 */
export const qualificationCriterion = z.strictObject({
  kind: z.literal('qualification'),
  qualificationTypeIds: ids.optional(),
  minimumNqfLevel: z
    .number({ error: criterionMessages.nqfLevel })
    .int({ error: criterionMessages.nqfLevel })
    .min(1, { error: criterionMessages.nqfLevel })
    .max(10, { error: criterionMessages.nqfLevel })
    .optional(),
  categoryIds: ids.optional(),
  disciplineIds: ids.optional(),
  institutionIds: ids.optional(),
  statuses: list(z.enum(qualificationStatuses, { error: criterionMessages.statuses }), 3),
});

/** The average mark (normalised to 0-100) of the candidate's highest qualification that has one. */
export const minimumGradeCriterion = z.strictObject({
  kind: z.literal('minimum_grade'),
  minimum: percentage,
});

export const schoolSubject = z
  .strictObject({
    /** The qualification component (an NSC subject); matched by id, else by name. */
    componentId: id.optional(),
    name: name(100).optional(),
    minimumMark: percentage,
  })
  .refine((s) => s.componentId !== undefined || s.name !== undefined, {
    error: criterionMessages.subjectNamed,
    path: ['name'],
  });
export type SchoolSubject = z.output<typeof schoolSubject>;

/** High-school (matric) subjects, each with a minimum mark: all of them. */
export const schoolSubjectsCriterion = z.strictObject({
  kind: z.literal('school_subjects'),
  subjects: list(schoolSubject, 20),
});

/** Age in whole years today, within the bounds given (both inclusive). */
export const ageCriterion = z
  .strictObject({
    kind: z.literal('age'),
    minimum: wholeAge.optional(),
    maximum: wholeAge.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.minimum === undefined && c.maximum === undefined) {
      ctx.addIssue({ code: 'custom', path: ['minimum'], message: criterionMessages.ageBounds });
    } else if (c.minimum !== undefined && c.maximum !== undefined && c.maximum < c.minimum) {
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: criterionMessages.ageOrder });
    }
  });

/** A citizen (or, when allowed, a permanent resident) of one of the countries. */
export const citizenshipCriterion = z.strictObject({
  kind: z.literal('citizenship'),
  countries,
  permanentResidents: z.boolean().optional(),
});

/** The right to work in one of the countries (citizens and permanent residents have it). */
export const workRightsCriterion = z.strictObject({
  kind: z.literal('work_rights'),
  countries,
});

/** The right to study in one of the countries (citizens and permanent residents have it). */
export const studyRightsCriterion = z.strictObject({
  kind: z.literal('study_rights'),
  countries,
});

/** The candidate lives within `maximumKm` of the nearest location of the opportunity. */
export const distanceCriterion = z.strictObject({
  kind: z.literal('distance'),
  maximumKm: z
    .number({ error: criterionMessages.distance })
    .gt(0, { error: criterionMessages.distance })
    .max(20_000, { error: criterionMessages.distance }),
});

export const requiredLanguage = z.strictObject({
  /** The language's English name ("English", "isiZulu"); compared without regard to case. */
  language: name(60),
  /** Reading, writing and speaking all at least this level; any level when omitted. */
  minimumLevel: z.enum(languageLevels, { error: criterionMessages.languageLevel }).optional(),
});
export type RequiredLanguage = z.output<typeof requiredLanguage>;

/** Every language listed, each at its minimum level. */
export const languagesCriterion = z.strictObject({
  kind: z.literal('languages'),
  languages: list(requiredLanguage, 10),
});

export const driversLicenseCriterion = z.strictObject({
  kind: z.literal('drivers_license'),
});

/**
 * Years of experience (overlapping periods counted once), of one kind when `experienceKind` is
 * given (the key cannot be `kind`: that names the criterion).
 */
export const experienceCriterion = z.strictObject({
  kind: z.literal('experience'),
  minimumYears: z
    .number({ error: criterionMessages.years })
    .min(0, { error: criterionMessages.years })
    .max(60, { error: criterionMessages.years }),
  experienceKind: z.enum(experienceKinds, { error: criterionMessages.experienceKind }).optional(),
});

/** A document of each kind is uploaded. */
export const documentsCriterion = z.strictObject({
  kind: z.literal('documents'),
  kinds: list(z.enum(documentKinds, { error: criterionMessages.documentKind }), 5),
});

/** Any requirement of an opportunity. */
export const criterion = z.discriminatedUnion(
  'kind',
  [
    qualificationCriterion,
    minimumGradeCriterion,
    schoolSubjectsCriterion,
    ageCriterion,
    citizenshipCriterion,
    workRightsCriterion,
    studyRightsCriterion,
    distanceCriterion,
    languagesCriterion,
    driversLicenseCriterion,
    experienceCriterion,
    documentsCriterion,
  ],
  { error: criterionMessages.kind },
);
export type Criterion = z.output<typeof criterion>;
export type CriterionKind = Criterion['kind'];
export type CriterionOf<K extends CriterionKind> = Extract<Criterion, { kind: K }>;

export const criterionKinds = [
  'qualification',
  'minimum_grade',
  'school_subjects',
  'age',
  'citizenship',
  'work_rights',
  'study_rights',
  'distance',
  'languages',
  'drivers_license',
  'experience',
  'documents',
] as const satisfies readonly CriterionKind[];

/** What the web app calls each kind. */
export const criterionKindLabels: Record<CriterionKind, string> = {
  qualification: 'Qualification',
  minimum_grade: 'Average mark',
  school_subjects: 'School subjects',
  age: 'Age',
  citizenship: 'Citizenship',
  work_rights: 'Right to work',
  study_rights: 'Right to study',
  distance: 'Distance',
  languages: 'Languages',
  drivers_license: "Driver's licence",
  experience: 'Experience',
  documents: 'Documents',
};

/** A requirement as the evaluation takes it: its id and its parsed criterion. */
export interface Requirement {
  id: number;
  criterion: Criterion;
}
