import { z } from 'zod';

import { text } from '../common/text.ts';
import { criterion } from '../eligibility/criteria.ts';
import { requirementResponse } from '../eligibility/eligibility.schemas.ts';
import { id } from '../profile/fields.ts';

// The pipeline of a workspace (a client's opportunity): its phases, its requirements and its
// screening questions. Managers of the opportunity change all three.

const MAX_ID = 2_147_483_647;
const pathId = z.coerce.number().int().positive().max(MAX_ID);

export const pipelineMessages = {
  required: 'must be provided',
  tooLong: (max: number) => `must be at most ${max} characters`,
  nothingToChange: 'must change something',
  position: 'must be a whole number from 1',
  wholeOrder: 'must list every phase of the pipeline once',
  wholeQuestionOrder: 'must list every screening question once',
  phaseNotFound: 'Phase not found',
  questionNotFound: 'Screening question not found',
  afterPhaseNotFound: 'must be a phase of this pipeline',
  lastPhase: 'The pipeline needs at least one phase',
  tooManyRequirements: (max: number) => `must have at most ${max}`,
  criterionOrId: 'must give a criterion, or the id of a stored requirement to keep',
  requirementNotStored: 'must be a requirement of this opportunity',
  requirementRepeated: 'must not keep the same requirement twice',
  unreadable: 'This requirement cannot be edited here',
  phaseInUse: (count: number) =>
    `This phase cannot be deleted: ${count} ${count === 1 ? 'application is' : 'applications are'} in it. Move ${count === 1 ? 'it' : 'them'} to another phase first.`,
  questionAnswered: (count: number) =>
    `This question cannot be removed: ${count} ${count === 1 ? 'applicant has' : 'applicants have'} answered it. Change its wording or make it optional instead.`,
} as const;

const requiredText = (max: number) =>
  text({ error: pipelineMessages.required })
    .trim()
    .min(1, { error: pipelineMessages.required })
    .max(max, { error: pipelineMessages.tooLong(max) });

/** An optional description: blank means none. */
const description = text({ error: pipelineMessages.tooLong(1000) })
  .trim()
  .max(1000, { error: pipelineMessages.tooLong(1000) })
  .nullable()
  .transform((v) => (v ? v : null));

const position = z
  .number({ error: pipelineMessages.position })
  .int({ error: pipelineMessages.position })
  .min(1, { error: pipelineMessages.position })
  .max(1000, { error: pipelineMessages.position });

export const opportunityParams = z.object({ id: pathId });
export const phaseParams = z.object({ id: pathId, phaseId: pathId });
export const questionParams = z.object({ id: pathId, questionId: pathId });

// ---------------------------------------------------------------- phases

/** A phase, numbered from 1 along the chain; `next` is the id of the phase after it. */
export const phase = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
  order: z.number().int(),
  initial: z.boolean(),
  next: z.number().int().nullable(),
  /** How many applications are in this phase now: neither regretted nor withdrawn. */
  applications: z.number().int(),
});
export type Phase = z.infer<typeof phase>;

export const phaseList = z.object({
  items: z.array(phase),
  /** Applications the organization regretted (in no phase count). */
  regretted: z.number().int(),
  /** Applications the candidate withdrew (in no phase count). */
  withdrawn: z.number().int(),
});
export type PhaseList = z.infer<typeof phaseList>;

/** `POST .../phases`: a new phase, at the end or after the phase given. */
export const phaseCreateBody = z.object({
  phase: z.object({
    name: requiredText(100),
    description: description.optional(),
    afterPhaseId: id.nullable().optional(),
  }),
});
export type PhaseCreate = z.output<typeof phaseCreateBody>['phase'];
/** The form's values (what the user types), before the schema trims them. */
export type PhaseForm = z.input<typeof phaseCreateBody>['phase'];

/** `PATCH .../phases/{phaseId}`: rename, describe, or move to a position (1 = first). */
export const phasePatchBody = z.object({
  phase: z
    .object({
      name: requiredText(100).optional(),
      description: description.optional(),
      position: position.optional(),
    })
    .refine((p) => Object.values(p).some((v) => v !== undefined), {
      error: pipelineMessages.nothingToChange,
      path: ['name'],
    }),
});
export type PhasePatch = z.output<typeof phasePatchBody>['phase'];

/** `PUT .../phases/order`: the whole new order, every phase once. */
export const phaseOrderBody = z.object({
  phaseIds: z.array(id).min(1, { error: pipelineMessages.wholeOrder }).max(100),
});

// ---------------------------------------------------------------- requirements

export const MAX_REQUIREMENTS = 30;

const named = z.object({ id: z.number().int(), name: text() });

/**
 * A stored requirement as its workspace shows it. `institutions` names the institutions a
 * qualification criterion lists (they are searched, not listed whole, so a form needs their
 * names). A requirement stored in a shape this version cannot read is `readable: false`: it
 * keeps its kind and words, and a PUT keeps it by its id.
 */
export const clientRequirement = z.discriminatedUnion('readable', [
  requirementResponse.extend({
    readable: z.literal(true),
    institutions: z.array(named),
  }),
  requirementResponse
    .pick({
      id: true,
      opportunityId: true,
      description: true,
      position: true,
      createdAt: true,
      updatedAt: true,
    })
    .extend({ readable: z.literal(false), kind: text() }),
]);
export type ClientRequirement = z.infer<typeof clientRequirement>;

export const requirementList = z.object({ items: z.array(clientRequirement) });
export type RequirementList = z.infer<typeof requirementList>;

/**
 * One requirement of a set: a criterion, or the id of a stored requirement of the opportunity
 * kept as it is (the way to keep one this version cannot read).
 */
export const requirementSetItem = z
  .object({ criterion: criterion.optional(), id: id.optional() })
  .refine((r) => (r.criterion === undefined) !== (r.id === undefined), {
    error: pipelineMessages.criterionOrId,
    path: ['criterion'],
  });
export type RequirementSetItem = z.output<typeof requirementSetItem>;

/** `PUT .../requirements` and `POST .../requirements/preview`: the whole set, in order. */
export const requirementSetBody = z.object({
  requirements: z
    .array(requirementSetItem)
    .max(MAX_REQUIREMENTS, { error: pipelineMessages.tooManyRequirements(MAX_REQUIREMENTS) }),
});
export type RequirementSet = z.output<typeof requirementSetBody>['requirements'];

/**
 * How many candidates with a complete profile the proposed set would admit, out of how many
 * candidates with a complete profile there are.
 */
export const requirementPreview = z.object({
  qualifying: z.number().int(),
  completeProfiles: z.number().int(),
});
export type RequirementPreview = z.infer<typeof requirementPreview>;

// ---------------------------------------------------------------- screening questions

export const clientScreeningQuestion = z.object({
  id: z.number().int(),
  prompt: text(),
  required: z.boolean(),
  position: z.number().int(),
  /** How many applicants answered it; an answered question cannot be removed. */
  answers: z.number().int(),
});
export type ClientScreeningQuestion = z.infer<typeof clientScreeningQuestion>;

export const clientScreeningQuestionList = z.object({ items: z.array(clientScreeningQuestion) });
export type ClientScreeningQuestionList = z.infer<typeof clientScreeningQuestionList>;

export const screeningQuestionCreateBody = z.object({
  screeningQuestion: z.object({
    prompt: requiredText(500),
    required: z.boolean().optional(),
  }),
});
export type ScreeningQuestionCreate = z.output<
  typeof screeningQuestionCreateBody
>['screeningQuestion'];
export type ScreeningQuestionForm = z.input<
  typeof screeningQuestionCreateBody
>['screeningQuestion'];

export const screeningQuestionPatchBody = z.object({
  screeningQuestion: z
    .object({ prompt: requiredText(500).optional(), required: z.boolean().optional() })
    .refine((q) => q.prompt !== undefined || q.required !== undefined, {
      error: pipelineMessages.nothingToChange,
      path: ['prompt'],
    }),
});
export type ScreeningQuestionPatch = z.output<
  typeof screeningQuestionPatchBody
>['screeningQuestion'];

/** `PUT .../screening_questions/order`: every question once, in the new order. */
export const screeningQuestionOrderBody = z.object({
  questionIds: z.array(id).min(1, { error: pipelineMessages.wholeQuestionOrder }).max(100),
});
