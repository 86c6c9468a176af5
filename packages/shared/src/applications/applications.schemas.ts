import { z } from 'zod';

import { errorBody } from '../common/errors.ts';
import { opportunityKinds } from '../opportunities/opportunities.schemas.ts';
import { text } from '../common/text.ts';

// A candidate's applications: apply, list with counts per
// status, one application, change its locations or answers, withdraw; invites; the screening
// questions of an opportunity. Request and response schemas of every route.

export const APPLICATION_PAGE_SIZE_DEFAULT = 25;
export const APPLICATION_PAGE_SIZE_MAX = 100;
/** At most this many locations can be chosen on one application. */
export const APPLICATION_LOCATIONS_MAX = 100;
export const SCREENING_ANSWERS_MAX = 100;
export const SCREENING_ANSWER_MAX_CHARS = 5000;
const STATUS_MAX_CHARS = 200;
const MAX_ID = 2 ** 31 - 1;

export const applicationMessages = {
  // Applying needs an opportunity and at least one chosen location.
  locationsRequired: 'Choose at least one location',
  locationsDistinct: 'Choose each location only once',
  locationsTooMany: `Choose at most ${APPLICATION_LOCATIONS_MAX} locations`,
  /** A location id that is not a location of this opportunity. */
  locationsInvalid: 'Choose from the locations of this opportunity',
  answersInvalid: 'Answer the questions of this opportunity',
  answersDistinct: 'Answer each question only once',
  answersTooMany: `Answer at most ${SCREENING_ANSWERS_MAX} questions`,
  answerTooLong: `Answers can be at most ${SCREENING_ANSWER_MAX_CHARS} characters`,
  /** Under `answers` when a required question has no answer... */
  answersRequired: 'Answer every required question',
  /** ...and under `answers.<questionId>` for each such question. */
  answerRequired: 'must be answered',
  alreadyApplied: 'You have already applied for this opportunity',
  withdrawnBefore:
    'You withdrew your application for this opportunity, so you cannot apply for it again',
  notPublished: 'This opportunity is not accepting applications',
  notOpenYet: 'Applications for this opportunity have not opened yet',
  closed: 'Applications for this opportunity have closed',
  withdrawnLocked: 'This application was withdrawn and can no longer be changed',
  notFound: 'Application not found',
  opportunityNotFound: 'Opportunity not found',
  // Wording kept exactly as users have seen it (typo included).
  locationsUpdated: 'Locations have been updated',
  locationsFailed: 'There was a aproblem updating your locations',
  archived: 'Application Archived',
  archiveFailed: 'Unfortunately you could not withdraw your application for this opportunity',
} as const;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;
const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;

/** An application or opportunity id in a path; anything else is a 422, never a database error. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

// The lists below are checked as a whole, so a bad element is reported under the list's own
// name (`errors.locations`), which is what the form shows, never under `locations.3`.

/** The chosen opportunity locations: ids, at least one, each once. */
export const locationIdsInput = z
  .array(z.unknown(), { error: applicationMessages.locationsRequired })
  .min(1, { error: applicationMessages.locationsRequired, abort: true })
  .max(APPLICATION_LOCATIONS_MAX, { error: applicationMessages.locationsTooMany, abort: true })
  .refine((ids) => ids.every(isId), { error: applicationMessages.locationsInvalid, abort: true })
  .refine(distinct, { error: applicationMessages.locationsDistinct })
  .transform((ids) => ids as number[])
  .describe("Ids of the opportunity's locations");

const screeningAnswerItem = z.object(
  {
    questionId: z.unknown().refine(isId, { error: applicationMessages.answersInvalid }),
    // Blank is "no answer": it leaves an optional question unanswered (and clears a stored one).
    answer: text({ error: applicationMessages.answersInvalid })
      .trim()
      .max(SCREENING_ANSWER_MAX_CHARS, { error: applicationMessages.answerTooLong }),
  },
  { error: applicationMessages.answersInvalid },
);

export interface ScreeningAnswerInput {
  questionId: number;
  answer: string;
}

/** Answers to an opportunity's screening questions, each question at most once. */
export const screeningAnswersInput = z
  .array(z.unknown(), { error: applicationMessages.answersInvalid })
  .max(SCREENING_ANSWERS_MAX, { error: applicationMessages.answersTooMany, abort: true })
  .transform((items, ctx): ScreeningAnswerInput[] => {
    const answers: ScreeningAnswerInput[] = [];
    for (const item of items) {
      const parsed = screeningAnswerItem.safeParse(item);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? applicationMessages.answersInvalid;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      answers.push({ questionId: parsed.data.questionId as number, answer: parsed.data.answer });
    }
    if (!distinct(answers.map((a) => a.questionId))) {
      ctx.addIssue({ code: 'custom', message: applicationMessages.answersDistinct });
      return z.NEVER;
    }
    return answers;
  })
  .describe('[{questionId, answer}]');

/** POST candidate/opportunities/{id}/apply */
export const applyBody = z.object({
  locations: locationIdsInput,
  answers: screeningAnswersInput.optional(),
});
export type ApplyBody = z.infer<typeof applyBody>;

/**
 * PATCH candidate/applications/{id}: `{application: {locations?, answers?}}`, at least one.
 * `locations` replaces the chosen locations; `answers` are merged into the stored answers (a
 * blank answer clears one), after which every required question must still be answered.
 */
export const applicationPatchBody = z.object({
  application: z
    .object(
      { locations: locationIdsInput.optional(), answers: screeningAnswersInput.optional() },
      { error: applicationMessages.locationsRequired },
    )
    .refine((v) => v.locations !== undefined || v.answers !== undefined, {
      error: applicationMessages.locationsRequired,
      path: ['locations'],
    }),
});
export type ApplicationPatchBody = z.infer<typeof applicationPatchBody>;
export type ApplicationPatch = ApplicationPatchBody['application'];

/**
 * GET candidate/applications: `status` filters by the status the candidate sees, `opportunity`
 * by an opportunity's id (the opportunity page asks whether I applied).
 */
export const applicationsQuery = z.object({
  opportunity: z.coerce.number().int().positive().max(MAX_ID).optional(),
  status: text()
    .trim()
    .max(STATUS_MAX_CHARS)
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce
    .number()
    .int()
    .min(1)
    .max(APPLICATION_PAGE_SIZE_MAX)
    .default(APPLICATION_PAGE_SIZE_DEFAULT),
});
export type ApplicationsQuery = z.infer<typeof applicationsQuery>;

// ---------------------------------------------------------------- responses

const dateTime = z.iso.datetime();
const rowId = z.number().int();

/** An opportunity location as an application shows it. */
export const applicationLocation = z.object({
  id: rowId,
  address: text(),
  city: text().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ApplicationLocation = z.infer<typeof applicationLocation>;

export const applicationOrganization = z.object({
  id: rowId,
  name: text(),
  logo: text().nullable(),
});

/** The opportunity of an application or invite, without its locations (lists stay small). */
export const applicationOpportunitySummary = z.object({
  id: rowId,
  name: text(),
  logo: text().nullable(),
  kind: z.enum(opportunityKinds),
  opensAt: dateTime.nullable(),
  closesAt: dateTime.nullable(),
  organization: applicationOrganization,
});
export type ApplicationOpportunitySummary = z.infer<typeof applicationOpportunitySummary>;

/** The opportunity of one application, with all its locations to choose from. */
export const applicationOpportunity = applicationOpportunitySummary.extend({
  locations: z.array(applicationLocation),
});

/** The pipeline phase; `order` counts from 1 along the chain, starting at the initial phase. */
export const applicationPhase = z.object({ id: rowId, name: text(), order: z.number().int() });
export type ApplicationPhase = z.infer<typeof applicationPhase>;

/** The stored eligibility of the candidate for the opportunity; `eligible` is null until checked. */
export const applicationEligibility = z.object({
  eligible: z.boolean().nullable(),
  referredAt: dateTime.nullable(),
});

/** One row of GET candidate/applications. */
export const applicationSummary = z.object({
  id: rowId,
  /** The phase name; "Withdrawn" once archived, "Unsuccessful" once regretted. */
  status: text(),
  phase: applicationPhase.nullable(),
  createdAt: dateTime,
  complete: z.boolean(),
  /** Percent, 0 to 100. */
  completion: z.number().int(),
  archivedAt: dateTime.nullable(),
  eligibility: applicationEligibility.nullable(),
  opportunity: applicationOpportunitySummary,
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;

/** One application, with the chosen locations and the opportunity's. */
export const application = applicationSummary.extend({
  screeningSubmittedAt: dateTime.nullable(),
  /** The chosen locations. */
  locations: z.array(applicationLocation),
  opportunity: applicationOpportunity,
});
export type Application = z.infer<typeof application>;

/** GET candidate/applications: a page, plus counts per status over all of them. */
export const applicationList = z.object({
  items: z.array(applicationSummary),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
  status: text().optional(),
  opportunity: z.number().int().optional(),
  counts: z.record(text(), z.number().int()),
});
export type ApplicationList = z.infer<typeof applicationList>;

/** 409 of apply: the application that already exists. */
export const applyConflictBody = errorBody.extend({ applicationId: rowId });
export type ApplyConflictBody = z.infer<typeof applyConflictBody>;

/** GET candidate/invites: opportunities a client invited the candidate to apply for. */
export const invite = z.object({
  /** The eligibility's id. */
  id: rowId,
  invitedAt: dateTime,
  opportunity: applicationOpportunitySummary,
});
export type Invite = z.infer<typeof invite>;
export const inviteList = z.object({ items: z.array(invite) });
export type InviteList = z.infer<typeof inviteList>;

/** A screening question, with the candidate's answer once they applied. */
export const screeningQuestion = z.object({
  id: rowId,
  prompt: text(),
  required: z.boolean(),
  position: z.number().int(),
  answer: text().nullable(),
});
export type ScreeningQuestion = z.infer<typeof screeningQuestion>;

/**
 * GET candidate/opportunities/{id}/screening_questions. `applicationId` is the candidate's
 * application when one exists: the apply page then sends answers with PATCH, not apply.
 */
export const screeningQuestionList = z.object({
  items: z.array(screeningQuestion),
  applicationId: rowId.nullable(),
});
export type ScreeningQuestionList = z.infer<typeof screeningQuestionList>;
