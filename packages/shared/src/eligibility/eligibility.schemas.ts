import { z } from 'zod';

import { id } from '../profile/fields.ts';
import { criterion, criterionKinds } from './criteria.ts';
import { eligibilityMessages } from './eligibility.messages.ts';
import { criterionStatuses } from './evaluate.ts';
import { text } from '../common/text.ts';

// The eligibility API: the candidate's checks and the admin's requirements.

export { eligibilityMessages };

const MAX_ID = 2_147_483_647;
const pathId = z.coerce.number().int().positive().max(MAX_ID);

/** Requirements are shown in this order; the admin API puts a new one last. */
export const requirementPosition = z
  .number({ error: 'must be a whole number from 0 to 1000' })
  .int({ error: 'must be a whole number from 0 to 1000' })
  .min(0, { error: 'must be a whole number from 0 to 1000' })
  .max(1000, { error: 'must be a whole number from 0 to 1000' });

// ---------------------------------------------------------------- admin: requirements

/** `POST /api/admin/requirements`. */
export const requirementCreateBody = z.object({
  requirement: z.object({
    opportunityId: id,
    criterion,
    position: requirementPosition.optional(),
  }),
});
export type RequirementCreate = z.output<typeof requirementCreateBody>['requirement'];

/** `PATCH /api/admin/requirements/{id}`: a new criterion (any kind), a new position, or both. */
export const requirementPatchBody = z.object({
  requirement: z
    .object({
      criterion: criterion.optional(),
      position: requirementPosition.optional(),
    })
    .refine((r) => r.criterion !== undefined || r.position !== undefined, {
      error: eligibilityMessages.nothingToChange,
      path: ['criterion'],
    }),
});
export type RequirementPatch = z.output<typeof requirementPatchBody>['requirement'];

export const requirementParams = z.object({ id: pathId });

/** A requirement as the admin API answers it. */
export const requirementResponse = z.object({
  id: z.number().int(),
  opportunityId: z.number().int(),
  kind: z.enum(criterionKinds),
  criterion,
  /** What it asks, in words ("Needs an average of at least 60 %"). */
  description: text(),
  position: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RequirementResponse = z.infer<typeof requirementResponse>;

// ---------------------------------------------------------------- candidate: eligibilities

export const eligibilityAction = z.object({
  type: text(),
  label: text(),
  resolutionPath: text(),
});

/** One requirement's outcome for the candidate. */
export const criterionResult = z.object({
  requirementId: z.number().int(),
  /** One of `criterionKinds`; a stored requirement that cannot be read keeps its own kind. */
  kind: text(),
  status: z.enum(criterionStatuses),
  description: text(),
  reason: text(),
  action: eligibilityAction.optional(),
});
export type CriterionResultDto = z.infer<typeof criterionResult>;

const opportunityRef = z.object({ id: z.number().int(), name: text() });

/** An eligibility (id, eligible, opportunity) and when it was checked. */
export const eligibilitySummary = z.object({
  id: z.number().int(),
  eligible: z.boolean(),
  opportunity: opportunityRef,
  checkedAt: z.iso.datetime(),
});
export type EligibilitySummary = z.infer<typeof eligibilitySummary>;

/** An eligibility with every criterion: why, and what to do about it. */
export const eligibilityDetail = eligibilitySummary.extend({
  criteria: z.array(criterionResult),
});
export type EligibilityDetail = z.infer<typeof eligibilityDetail>;

/** `GET /api/candidate/eligibilities`: eligible first, then by opportunity name. */
export const eligibilityList = z.object({ items: z.array(eligibilitySummary) });
export type EligibilityList = z.infer<typeof eligibilityList>;

export const eligibilitiesQuery = z.object({
  /** Only the opportunities the candidate qualifies for (true) or not (false). */
  eligible: z.stringbool().optional(),
});

/** `GET /api/candidate/campaigns/{id}/eligibilities`: checked now, with the reasons. */
export const campaignEligibilityList = z.object({ items: z.array(eligibilityDetail) });
export type CampaignEligibilityList = z.infer<typeof campaignEligibilityList>;

export const opportunityParams = z.object({ id: pathId });

/** A campaign by id, or by its slug (the `/campaign/{slug}` page knows only that). */
export const campaignParams = z.object({
  id: text()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/),
});
