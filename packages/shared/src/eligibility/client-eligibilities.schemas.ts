import { z } from 'zod';

import { reportedCountSchema } from '../analytics/suppression.ts';
import { APPLICANT_PAGE_SIZE } from '../applicants/applicants.schemas.ts';
import { text } from '../common/text.ts';
import { criterionResult } from './eligibility.schemas.ts';

// The client side of eligibilities: who qualifies for a workspace, the invitations, the criterion
// funnel, and the candidate search across the workspaces a client user may see.
//
//   GET   client/opportunities/{id}/eligibilities              one page of visible rows
//   GET   client/opportunities/{id}/eligibilities/funnel       how many each requirement removes
//   GET   client/opportunities/{id}/eligibilities/{eid}        one row with its criteria
//   PATCH client/opportunities/{id}/eligibilities/{eid}/invite invite one candidate
//   POST  client/opportunities/{id}/eligibilities/invite       invite many {eligibilityIds}
//   GET   client/eligibilities                                 qualified candidates, every workspace

const MAX_ID = 2_147_483_647;
const pathId = z.coerce.number().int().positive().max(MAX_ID);
const rowId = z.number().int().positive();
const dateTime = z.iso.datetime({ offset: true });

export const clientEligibilityMessages = {
  opportunityNotFound: 'Opportunity not found',
  eligibilityNotFound: 'Eligibility not found',
  notEligible: 'Only candidates who qualify can be invited',
  alreadyInvited: 'This candidate has already been invited to this opportunity',
  alreadyApplied: 'This candidate has already applied to this opportunity',
  noActiveWorkspace:
    'Candidate search is for primary users and for managers of an active workspace; you manage none',
  foreign: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'is' : 'are'} not ${ids.length === 1 ? 'a candidate' : 'candidates'} of this opportunity: ${ids.join(', ')}`,
} as const;

/** The sort keys of the eligibility list; the default is `profile.updatedAt` descending. */
export const clientEligibilitySortKeys = [
  'profile.updatedAt',
  'profile.lastName',
  'completion',
  'referredAt',
  'invitedAt',
] as const;
export type ClientEligibilitySortKey = (typeof clientEligibilitySortKeys)[number];
export const DEFAULT_ELIGIBILITY_SORT = {
  key: 'profile.updatedAt',
  direction: 'desc',
} as const satisfies { key: ClientEligibilitySortKey; direction: 'asc' | 'desc' };

const flag = z.stringbool().optional();

/**
 * The list's query: a page, a name search, and the filters that apply to an eligibility row
 * (the tracker's `eligible`, `complete` and `referred`, and whether the candidate applied or was
 * invited). An absent filter filters nothing. The web page keeps the same object in its URL.
 */
export const clientEligibilitiesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(APPLICANT_PAGE_SIZE),
  /** A case-insensitive substring of the candidate's name. */
  search: text().trim().max(200).optional(),
  sort: z.enum(clientEligibilitySortKeys).default(DEFAULT_ELIGIBILITY_SORT.key),
  direction: z.enum(['asc', 'desc']).default(DEFAULT_ELIGIBILITY_SORT.direction),
  applied: flag,
  eligible: flag,
  complete: flag,
  referred: flag,
  invited: flag,
});
export type ClientEligibilitiesQuery = z.output<typeof clientEligibilitiesQuery>;
export type ClientEligibilitiesFilters = z.input<typeof clientEligibilitiesQuery>;

export const criteriaSummary = z.object({
  met: z.number().int().min(0),
  unmet: z.number().int().min(0),
  unknown: z.number().int().min(0),
});

/** One candidate's eligibility for one opportunity, as a client sees it. */
export const clientEligibilityRow = z.object({
  id: rowId,
  candidateId: rowId,
  name: text(),
  /** A URL the client may load, or null. */
  photoUrl: text().nullable(),
  /** Profile completion in percent. */
  completion: z.number().int().min(0).max(100),
  /** null until the first check. */
  eligible: z.boolean().nullable(),
  referredAt: dateTime.nullable(),
  invitedAt: dateTime.nullable(),
  /** The candidate has an application to this opportunity. */
  applied: z.boolean(),
  /** The candidate withdrew that application. */
  withdrawn: z.boolean(),
  profileUpdatedAt: dateTime,
  criteria: criteriaSummary,
  opportunity: z.object({ id: rowId, name: text() }),
});
export type ClientEligibilityRow = z.infer<typeof clientEligibilityRow>;

export const clientEligibilityPage = z.object({
  items: z.array(clientEligibilityRow),
  page: z.number().int().min(1),
  per: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type ClientEligibilityPage = z.infer<typeof clientEligibilityPage>;

/** One row with every criterion in words: what the requirement asks and why it is (not) met. */
export const clientEligibilityDetail = z.object({
  eligibility: clientEligibilityRow.extend({
    checkedAt: dateTime.nullable(),
    criteriaResults: z.array(criterionResult),
  }),
});
export type ClientEligibilityDetail = z.infer<typeof clientEligibilityDetail>;

export const clientEligibilityParams = z.object({ id: pathId, eid: pathId });

export const inviteManyBody = z.object({
  eligibilityIds: z
    .array(rowId, { error: 'must be a list of eligibility ids' })
    .min(1, { error: 'must name at least one candidate' })
    .max(100, { error: 'must name at most 100 candidates' }),
});
export type InviteManyBody = z.infer<typeof inviteManyBody>;

/**
 * The answer of an invitation. Inviting many never fails for candidates who were already
 * invited or have already applied: they are left as they are and listed in `skipped`, while the
 * others are invited.
 */
export const inviteResult = z.object({
  invited: z.array(clientEligibilityRow),
  skipped: z.array(z.object({ id: rowId, reason: z.enum(['invited', 'applied']) })),
});
export type InviteResult = z.infer<typeof inviteResult>;

export const clientEligibilityResponse = z.object({ eligibility: clientEligibilityRow });

const funnelRequirement = z.object({ id: rowId, kind: text(), description: text() });

/**
 * `GET .../eligibilities/funnel`: over the candidates with a complete profile, every count under
 * the small-cell and funnel rules of analytics (null: fewer than 5, or hidden so that no small
 * group can be worked out from the counts shown).
 */
export const criterionFunnelResponse = z.object({
  candidates: reportedCountSchema,
  requirements: z.array(funnelRequirement.extend({ unmet: reportedCountSchema })),
  steps: z.array(
    funnelRequirement.extend({
      removed: reportedCountSchema,
      remaining: reportedCountSchema,
    }),
  ),
});
export type CriterionFunnelResponse = z.infer<typeof criterionFunnelResponse>;
