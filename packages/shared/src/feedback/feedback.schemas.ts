import { z } from 'zod';

import { text } from '../common/text.ts';
import { guestCandidate } from '../profile/guest-profile.ts';

/** Messages of the feedback pages, the same in the browser and from the API. */
export const feedbackMessages = {
  applicationsRequired: 'Choose at least one applicant to share',
  respondersRequired: 'Choose at least one colleague or add someone outside by e-mail',
  guestEmail: 'Enter a valid e-mail address',
  guestNameTooLong: 'Name must be at most 100 characters',
  guestIsRequester: 'You cannot ask yourself for feedback',
  guestIsColleague: (name: string) => `${name} is a colleague: choose them above`,
  tooMany: 'Too many at once',
  messageTooLong: 'Message must be at most 2000 characters',
  commentTooLong: 'Comment must be at most 2000 characters',
  ratingRange: 'Rating must be between 1 and 5 stars',
  responsesRequired: 'Rate or comment on at least one applicant',
  emptyResponse: 'Give a rating or a comment',
  onlyResponders: 'Only the colleagues asked for their opinion can answer',
  guestNotFound: 'No such person outside in this request',
  onlyRequester: 'Only the colleague who asked can withdraw or send a link',
  notResponders: (ids: number[]) =>
    `Not an active colleague of your organization: ${ids.join(', ')}`,
  notRequester: 'You cannot ask yourself for feedback',
  notVisible: (ids: number[]) => `Not an application of a workspace you manage: ${ids.join(', ')}`,
  notShared: (ids: number[]) => `Not an applicant shared in this request: ${ids.join(', ')}`,
} as const;

const id = z.number().int().positive();
const ids = (required: string, max: number) =>
  z
    .array(id)
    .min(1, { error: required })
    .max(max, { error: feedbackMessages.tooMany })
    .transform((list) => [...new Set(list)]);

// An empty message or comment is none.
const note = (tooLong: string) =>
  text()
    .trim()
    .max(2000, { error: tooLong })
    .transform((value) => value || null)
    .nullable()
    .optional();

/** How many days the link of someone outside the organization works. */
export const FEEDBACK_GUEST_LINK_DAYS = 30;

/** The most people outside the organization one request may ask. */
export const MAX_FEEDBACK_GUESTS = 20;

/** Someone outside the organization, asked by e-mail: they answer through a link of their own. */
export const feedbackGuestInput = z.object({
  email: z
    .email({ error: feedbackMessages.guestEmail })
    .max(254, { error: feedbackMessages.guestEmail })
    .transform((email) => email.toLowerCase()),
  name: text()
    .trim()
    .max(100, { error: feedbackMessages.guestNameTooLong })
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type FeedbackGuestInput = z.input<typeof feedbackGuestInput>;

/** The same address given twice is asked once (its first name given wins). */
export function distinctGuests<T extends { email: string }>(guests: readonly T[]): T[] {
  const seen = new Set<string>();
  return guests.filter((g) => {
    const key = g.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * POST client/feedback_requests: colleagues by id and people outside by e-mail, at least one
 * of either.
 */
export const createFeedbackRequestBody = z
  .object({
    opportunityApplications: ids(feedbackMessages.applicationsRequired, 100),
    responders: z
      .array(id)
      .max(50, { error: feedbackMessages.tooMany })
      .transform((list) => [...new Set(list)])
      .default([]),
    guests: z
      .array(feedbackGuestInput)
      .max(MAX_FEEDBACK_GUESTS, { error: feedbackMessages.tooMany })
      .transform(distinctGuests)
      .default([]),
    message: note(feedbackMessages.messageTooLong),
  })
  .refine((body) => body.responders.length + body.guests.length > 0, {
    error: feedbackMessages.respondersRequired,
    path: ['responders'],
  });
export type CreateFeedbackRequest = z.input<typeof createFeedbackRequestBody>;

export const feedbackScopes = ['shared', 'mine'] as const;
export const feedbackStates = ['open', 'answered'] as const;
export type FeedbackState = (typeof feedbackStates)[number];

/**
 * GET client/feedback_requests: `scope=shared` (default) lists the requests shared with me,
 * `scope=mine` the ones I made; `state` keeps the open or the answered ones.
 */
export const feedbackListQuery = z.object({
  scope: z.enum(feedbackScopes).default('shared'),
  state: z.enum(feedbackStates).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(20),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuery>;

export const feedbackResponseInput = z
  .object({
    applicationId: id,
    rating: z
      .number({ error: feedbackMessages.ratingRange })
      .int({ error: feedbackMessages.ratingRange })
      .min(1, { error: feedbackMessages.ratingRange })
      .max(5, { error: feedbackMessages.ratingRange })
      .nullable()
      .optional(),
    comment: note(feedbackMessages.commentTooLong),
  })
  .refine((r) => (r.rating ?? null) !== null || (r.comment ?? null) !== null, {
    error: feedbackMessages.emptyResponse,
    path: ['rating'],
  });

/** PATCH client/feedback_requests/{id}: a responder's answers, one per shared applicant. */
export const answerFeedbackBody = z.object({
  responses: z
    .array(feedbackResponseInput)
    .min(1, { error: feedbackMessages.responsesRequired })
    .max(100, { error: feedbackMessages.tooMany }),
});
export type AnswerFeedback = z.input<typeof answerFeedbackBody>;

const person = z.object({ id: z.number().int(), name: text() });

/** A shared applicant as a colleague sees them: no documents, no contact details. */
export const sharedApplicant = z.object({
  id: z.number().int(),
  candidate: z.object({
    firstName: text().nullable(),
    lastName: text().nullable(),
    avatarUrl: text().nullable(),
  }),
  completion: z.number().int(),
  /** The stored eligibility for the opportunity; null until checked. */
  eligible: z.boolean().nullable(),
  opportunity: z.object({ id: z.number().int(), name: text() }),
});
export type SharedApplicant = z.infer<typeof sharedApplicant>;

export const feedbackAnswer = z.object({
  applicationId: z.number().int(),
  /** A colleague (their user id), or someone outside (no id, "Name (outside)"). */
  responder: z.object({ id: z.number().int().nullable(), name: text(), outside: z.boolean() }),
  rating: z.number().int().min(1).max(5).nullable(),
  comment: text().nullable(),
  answeredAt: z.iso.datetime(),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswer>;

/** Someone outside asked by e-mail, as the requester sees them. */
export const feedbackGuest = z.object({
  id: z.number().int(),
  email: text(),
  name: text().nullable(),
  answered: z.boolean(),
  /** Their link was withdrawn: it opens nothing any more. */
  revoked: z.boolean(),
});
export type FeedbackGuest = z.infer<typeof feedbackGuest>;

export const feedbackRequest = z.object({
  id: z.number().int(),
  message: text().nullable(),
  createdAt: z.iso.datetime(),
  requestedBy: person.nullable(),
  /** Whether the caller asked (`mine`) or was asked (`shared`). */
  role: z.enum(['requester', 'responder']),
  state: z.enum(feedbackStates),
  responders: z.array(person.extend({ answered: z.boolean() })),
  /** People outside asked by e-mail: shown to the requester only (empty for a responder). */
  guests: z.array(feedbackGuest),
  applications: z.array(sharedApplicant),
  /** A responder sees their own answers; the requester sees everyone's. */
  responses: z.array(feedbackAnswer),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;

export const feedbackRequestResponse = z.object({ feedbackRequest });

export const feedbackRequestList = z.object({
  items: z.array(feedbackRequest),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
});
export type FeedbackRequestList = z.infer<typeof feedbackRequestList>;

const pathId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
export const feedbackGuestParams = z.object({ id: pathId, guestId: pathId });

/** What someone outside sees through the link of their e-mail. */
export const feedbackLinkView = z.object({
  organization: text(),
  /** Who asked, by name. */
  requestedBy: text().nullable(),
  message: text().nullable(),
  createdAt: z.iso.datetime(),
  guest: z.object({ email: text(), name: text().nullable() }),
  state: z.enum(feedbackStates),
  /** The shared applicants: the candidate as the workspace's blind review allows. */
  applications: z.array(
    z.object({
      id: z.number().int(),
      opportunity: z.object({ id: z.number().int(), name: text() }),
      candidate: guestCandidate,
    }),
  ),
  /** This guest's own answers. */
  responses: z.array(feedbackAnswer.omit({ responder: true })),
});
export type FeedbackLinkView = z.infer<typeof feedbackLinkView>;

/** Colleagues' answers on one application, for the application page. */
export const applicationFeedback = z.object({
  items: z.array(feedbackAnswer.omit({ applicationId: true })),
  /** The average of colleagues' star ratings, one decimal; null when none rated. */
  averageRating: z.number().nullable(),
});
export type ApplicationFeedback = z.infer<typeof applicationFeedback>;
