import { z } from 'zod';

import {
  dateMessages,
  endsBeforeStart,
  isoDate,
  pastIsoDate,
  qualificationStatuses,
} from './dates.ts';
import {
  countryCode,
  fieldMessages,
  id,
  optionalText,
  percentage,
  referenceId,
  requiredText,
} from './fields.ts';
import { text } from '../common/text.ts';

// The sections of a candidate's profile. Every request body is wrapped in its section's key
// ({experience}, {profileQualification}, ...). Create bodies need the required fields; patch
// bodies take any subset. Ids, owners and verifiedAt are never read from a body: unknown keys
// are dropped.

type RangeInput = { startsAt?: string | null; endsAt?: string | null };

/** Adds "end not before start" to the end field when both dates are present. */
function rangeRule(value: RangeInput, ctx: z.core.$RefinementCtx<RangeInput>) {
  if (endsBeforeStart(value.startsAt, value.endsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: dateMessages.endBeforeStart });
  }
}

const optionalDate = isoDate.nullable().optional();

/** The snackbar messages of the experience update. */
export const experienceMessages = {
  updated: 'Work experience was updated successfully',
  updateFailed: 'There was a problem updating the work experience',
} as const;

export const experienceKinds = ['work', 'volunteering'] as const;
export const experienceKindLabels: Record<(typeof experienceKinds)[number], string> = {
  work: 'Work',
  volunteering: 'Volunteering',
};

export const languageLevels = ['basic', 'intermediate', 'advanced', 'native'] as const;
export const languageLevelLabels: Record<(typeof languageLevels)[number], string> = {
  basic: 'Basic',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  native: 'Native',
};

export const rightKinds = [
  'citizen',
  'permanent_resident',
  'visa',
  'permit',
  'refugee',
  'other',
] as const;
export const rightKindLabels: Record<(typeof rightKinds)[number], string> = {
  citizen: 'Citizen',
  permanent_resident: 'Permanent resident',
  visa: 'Visa',
  permit: 'Permit',
  refugee: 'Refugee',
  other: 'Other',
};

export const qualificationStatusLabels: Record<(typeof qualificationStatuses)[number], string> = {
  completed: 'Completed',
  current: 'Studying now',
  intended: 'Intending to study',
};

// ---------------------------------------------------------------- experiences

const experienceFields = z.object({
  kind: z.enum(experienceKinds),
  title: requiredText(200),
  organizationName: requiredText(200),
  startsAt: isoDate,
  endsAt: optionalDate,
  current: z.boolean(),
  description: optionalText(4000),
});

export const experienceInput = experienceFields
  .extend({ kind: z.enum(experienceKinds).optional(), current: z.boolean().optional() })
  .superRefine(rangeRule);
export const experienceCreateBody = z.object({ experience: experienceInput });
export type ExperienceInput = z.output<typeof experienceInput>;

export const experiencePatch = experienceFields.partial().superRefine(rangeRule);
export const experiencePatchBody = z.object({ experience: experiencePatch });
export type ExperiencePatch = z.output<typeof experiencePatch>;

export const experience = z.object({
  id: z.number().int(),
  kind: z.enum(experienceKinds),
  title: text(),
  organizationName: text(),
  startsAt: text().nullable(),
  endsAt: text().nullable(),
  current: z.boolean(),
  description: text().nullable(),
});
export type Experience = z.infer<typeof experience>;

// ---------------------------------------------------------------- profile qualifications

const qualificationFields = z.object({
  institutionId: referenceId,
  /** The institution's name when it is not in the reference list. */
  institutionName: optionalText(200),
  qualificationId: referenceId,
  qualificationTypeId: referenceId,
  qualificationCategoryId: referenceId,
  disciplineIds: z.array(id).max(10, { error: 'must have at most 10 disciplines' }),
  startsAt: optionalDate,
  endsAt: optionalDate,
  /** Null: derive it from the dates. */
  status: z.enum(qualificationStatuses).nullable().optional(),
  gradeNormalized: percentage.nullable().optional(),
});

export const profileQualificationInput = qualificationFields
  .extend({ disciplineIds: qualificationFields.shape.disciplineIds.optional() })
  .superRefine((value, ctx) => {
    if (value.institutionId == null && value.institutionName == null) {
      ctx.addIssue({ code: 'custom', path: ['institutionId'], message: fieldMessages.required });
    }
    if (value.qualificationTypeId == null && value.qualificationId == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['qualificationTypeId'],
        message: fieldMessages.required,
      });
    }
    rangeRule(value, ctx as z.core.$RefinementCtx<RangeInput>);
  });
export const profileQualificationCreateBody = z.object({
  profileQualification: profileQualificationInput,
});
export type ProfileQualificationInput = z.output<typeof profileQualificationInput>;

export const profileQualificationPatch = qualificationFields.partial().superRefine(rangeRule);
export const profileQualificationPatchBody = z.object({
  profileQualification: profileQualificationPatch,
});
export type ProfileQualificationPatch = z.output<typeof profileQualificationPatch>;

const componentFields = z.object({
  qualificationComponentId: referenceId,
  /** The subject's name when it is not in the reference list. */
  name: optionalText(200),
  /** Percentage mark. */
  mark: percentage.nullable().optional(),
});

export const profileQualificationComponentInput = componentFields.superRefine((value, ctx) => {
  if (value.qualificationComponentId == null && value.name == null) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: fieldMessages.required });
  }
});
export const profileQualificationComponentCreateBody = z.object({
  profileQualificationComponent: profileQualificationComponentInput,
});
export type ProfileQualificationComponentInput = z.output<
  typeof profileQualificationComponentInput
>;

export const profileQualificationComponentPatch = componentFields.partial();
export const profileQualificationComponentPatchBody = z.object({
  profileQualificationComponent: profileQualificationComponentPatch,
});
export type ProfileQualificationComponentPatch = z.output<
  typeof profileQualificationComponentPatch
>;

export const componentParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  componentId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const profileQualificationComponent = z.object({
  id: z.number().int(),
  profileQualificationId: z.number().int(),
  qualificationComponent: z
    .object({ id: z.number().int(), name: text(), code: text().nullable() })
    .nullable(),
  /** The subject's name: the reference component's, else the one typed. */
  name: text(),
  mark: z.number().nullable(),
});
export type ProfileQualificationComponent = z.infer<typeof profileQualificationComponent>;

const named = z.object({ id: z.number().int(), name: text() });

/** A profile qualification: institution, qualification (with type and category), disciplines. */
export const profileQualification = z.object({
  id: z.number().int(),
  institution: named.extend({ kind: text() }).nullable(),
  institutionName: text().nullable(),
  qualification: z.object({
    id: z.number().int().nullable(),
    specialization: text().nullable(),
    qualificationType: named.extend({ nqfLevel: z.number().int().nullable() }).nullable(),
    qualificationCategory: named.nullable(),
  }),
  disciplines: z.array(named),
  startsAt: text().nullable(),
  endsAt: text().nullable(),
  /** The status chosen, or derived from the dates; null when nothing says. */
  status: z.enum(qualificationStatuses).nullable(),
  gradeNormalized: z.number().nullable(),
  /** Set by the platform when the qualification was checked; cleared when the candidate edits. */
  verifiedAt: z.iso.datetime().nullable(),
  components: z.array(profileQualificationComponent),
});
export type ProfileQualification = z.infer<typeof profileQualification>;

// ---------------------------------------------------------------- achievements

const achievementFields = z.object({
  title: requiredText(200),
  description: optionalText(2000),
  achievedAt: pastIsoDate.nullable().optional(),
});
export const achievementCreateBody = z.object({ achievement: achievementFields });
export const achievementPatchBody = z.object({ achievement: achievementFields.partial() });
export type AchievementInput = z.output<typeof achievementFields>;

export const achievement = z.object({
  id: z.number().int(),
  title: text(),
  description: text().nullable(),
  achievedAt: text().nullable(),
});
export type Achievement = z.infer<typeof achievement>;

// ---------------------------------------------------------------- affiliations

const affiliationFields = z.object({
  organizationName: requiredText(200),
  role: optionalText(200),
  startsAt: optionalDate,
  endsAt: optionalDate,
  description: optionalText(2000),
});
export const affiliationCreateBody = z.object({
  affiliation: affiliationFields.superRefine(rangeRule),
});
export const affiliationPatchBody = z.object({
  affiliation: affiliationFields.partial().superRefine(rangeRule),
});
export type AffiliationInput = z.output<typeof affiliationFields>;

export const affiliation = z.object({
  id: z.number().int(),
  organizationName: text(),
  role: text().nullable(),
  startsAt: text().nullable(),
  endsAt: text().nullable(),
  description: text().nullable(),
});
export type Affiliation = z.infer<typeof affiliation>;

// ---------------------------------------------------------------- language proficiencies

const level = z.enum(languageLevels).nullable().optional();
const languageFields = z.object({
  /** The language's English name ("English", "isiZulu"). */
  language: requiredText(60),
  reading: level,
  writing: level,
  speaking: level,
});
export const languageProficiencyCreateBody = z.object({ languageProficiency: languageFields });
export const languageProficiencyPatchBody = z.object({
  languageProficiency: languageFields.partial(),
});
export type LanguageProficiencyInput = z.output<typeof languageFields>;

export const languageProficiency = z.object({
  id: z.number().int(),
  language: text(),
  reading: z.enum(languageLevels).nullable(),
  writing: z.enum(languageLevels).nullable(),
  speaking: z.enum(languageLevels).nullable(),
});
export type LanguageProficiency = z.infer<typeof languageProficiency>;

// ---------------------------------------------------------------- study and work rights

const rightFields = z.object({
  countryCode,
  kind: z.enum(rightKinds, { error: `must be one of: ${rightKinds.join(', ')}` }),
  /** Visas and permits end; null for citizens and permanent residents. */
  validUntil: optionalDate,
});
export const studyRightCreateBody = z.object({ studyRight: rightFields });
export const studyRightPatchBody = z.object({ studyRight: rightFields.partial() });
export const workRightCreateBody = z.object({ workRight: rightFields });
export const workRightPatchBody = z.object({ workRight: rightFields.partial() });
export type RightInput = z.output<typeof rightFields>;

export const right = z.object({
  id: z.number().int(),
  countryCode: text(),
  kind: z.enum(rightKinds),
  validUntil: text().nullable(),
});
export type Right = z.infer<typeof right>;

/** `{items}` of a section's list endpoint. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
