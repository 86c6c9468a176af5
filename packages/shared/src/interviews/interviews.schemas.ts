import { z } from 'zod';

import { decodeCursor, encodeCursor } from '../common/cursor.ts';
import { guestLinkMessages, tokenParam } from '../common/guest-links.ts';
import { text } from '../common/text.ts';
import { guestCandidate } from '../profile/guest-profile.ts';
import { interviewStatuses, offerStatuses } from './interviews.rules.ts';

/** Messages of the interview pages, the same in the browser and from the API. */
export const interviewMessages = {
  applicationsRequired: 'Choose at least one applicant or a phase',
  slotsRequired: 'Offer at least one time',
  tooMany: 'Too many at once',
  startsAt: 'Give a start date and time',
  inThePast: 'The time must be in the future',
  duration: 'An interview lasts between 15 minutes and 8 hours',
  interviewersRequired: 'Choose at least one interviewer',
  email: 'Enter a valid e-mail address',
  address: 'Enter the address',
  videoUrl: 'Enter a video link starting with https://',
  messageRequired: 'Say which times would suit you',
  messageTooLong: 'Message must be at most 2000 characters',
  criteriaTooMany: 'At most 20 criteria',
  criterionLabel: 'Name each criterion (at most 100 characters)',
  score: 'Each score is from 1 to 5',
  unknownCriterion: 'Not a criterion of this workspace',
  notesTooLong: 'Notes must be at most 5000 characters',
  notVisible: (ids: number[]) => `Not an application of this workspace: ${ids.join(', ')}`,
  notInterviewer: 'Interviewers are managers of this workspace or people outside by e-mail',
  notLocation: 'Not a place of this opportunity',
  slotTaken: 'This time has just been taken; choose another',
  interviewerBusy: 'An interviewer already has an interview at this time',
  overlapping: 'An interviewer would have two interviews at once',
  notOffered: 'Not a time offered to you',
  offerClosed: 'These times are no longer open',
  offerBooked: 'This time is booked: cancel the interview instead',
  offerWithdrawn: 'These times are already withdrawn',
  cannotChange: 'This interview can no longer be changed',
  onlyInterviewers: 'Only the interviewers of this interview fill in a scorecard',
  recommendation: 'Choose a recommendation',
  linkClosed: guestLinkMessages.closed,
} as const;

const MAX_ID = 2 ** 31 - 1;
const id = z.number().int().positive().max(MAX_ID);

const message = () =>
  text()
    .trim()
    .max(2000, { error: interviewMessages.messageTooLong })
    .transform((v) => v || null)
    .nullable()
    .optional();

/** Where an interview takes place: a place of the opportunity, an address, or a video call. */
export const placeInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('location'), locationId: id }),
  z.object({
    kind: z.literal('address'),
    address: text().trim().min(1, { error: interviewMessages.address }).max(300),
  }),
  z.object({
    kind: z.literal('video'),
    url: z.url({ protocol: /^https$/, error: interviewMessages.videoUrl }).max(500),
  }),
]);
export type PlaceInput = z.input<typeof placeInput>;

/** A manager of the workspace by id, or someone outside by e-mail. */
export const interviewerInput = z.union([
  z.object({ userId: id }),
  z.object({
    email: z.email({ error: interviewMessages.email }).max(254),
    name: text().trim().max(100).optional(),
  }),
]);
export type InterviewerInput = z.input<typeof interviewerInput>;

const startsAt = z.iso.datetime({ offset: true, error: interviewMessages.startsAt });
const durationMinutes = z
  .number({ error: interviewMessages.duration })
  .int({ error: interviewMessages.duration })
  .min(15, { error: interviewMessages.duration })
  .max(480, { error: interviewMessages.duration });

export const timeInput = z.object({
  startsAt,
  durationMinutes,
  place: placeInput,
  interviewers: z
    .array(interviewerInput)
    .min(1, { error: interviewMessages.interviewersRequired })
    .max(10, { error: interviewMessages.tooMany }),
});
export type TimeInput = z.input<typeof timeInput>;

/**
 * POST client/opportunities/{id}/interview_offers: offer times to some applications, or to every
 * application in a phase. Each time is taken by the first candidate who books it.
 */
export const offerSlotsBody = z
  .object({
    applicationIds: z
      .array(id)
      .max(200, { error: interviewMessages.tooMany })
      .transform((list) => [...new Set(list)])
      .optional(),
    phaseId: id.optional(),
    slots: z
      .array(timeInput)
      .min(1, { error: interviewMessages.slotsRequired })
      .max(30, { error: interviewMessages.tooMany }),
    message: message(),
  })
  .refine((b) => (b.applicationIds?.length ?? 0) > 0 || b.phaseId !== undefined, {
    error: interviewMessages.applicationsRequired,
    path: ['applicationIds'],
  });
export type OfferSlots = z.input<typeof offerSlotsBody>;

/** POST client/opportunities/{id}/interviews: fix a time for one application directly. */
export const fixInterviewBody = timeInput.extend({ applicationId: id, message: message() });
export type FixInterview = z.input<typeof fixInterviewBody>;

/** PATCH client/interviews/{id}: a new time (and place); everyone is told. */
export const rescheduleBody = z.object({
  startsAt,
  durationMinutes: durationMinutes.optional(),
  place: placeInput.optional(),
  message: message(),
});

/** POST …/cancel and client/interview_offers/{id}/withdraw: with an optional reason, told to everyone. */
export const cancelBody = z.object({ reason: message() }).default({ reason: null });

/** POST candidate/interview_offers/{id}/booking. */
export const bookBody = z.object({ slotId: id });
/** POST candidate/interview_offers/{id}/other_times. */
export const otherTimesBody = z.object({
  message: text()
    .trim()
    .min(1, { error: interviewMessages.messageRequired })
    .max(2000, { error: interviewMessages.messageTooLong }),
});

export const recommendations = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof recommendations)[number];
export const recommendationLabels: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};

export const criterion = z.object({
  key: text().min(1).max(40),
  label: text().trim().min(1, { error: interviewMessages.criterionLabel }).max(100, {
    error: interviewMessages.criterionLabel,
  }),
});
export type Criterion = z.infer<typeof criterion>;

/** A workspace's interview settings: the scorecard's criteria and blind review. */
export const interviewSettings = z.object({
  criteria: z.array(criterion),
  /** Outside interviewers see no name, contact details or photo of the candidate. */
  blindReview: z.boolean(),
});
export type InterviewSettings = z.infer<typeof interviewSettings>;

/** PUT client/opportunities/{id}/interview_settings; a criterion without a key is new. */
export const interviewSettingsBody = z.object({
  settings: z.object({
    criteria: z
      .array(criterion.extend({ key: criterion.shape.key.optional() }))
      .max(20, { error: interviewMessages.criteriaTooMany }),
    blindReview: z.boolean().default(false),
  }),
});
export const interviewSettingsResponse = z.object({ settings: interviewSettings });

const score = z
  .number({ error: interviewMessages.score })
  .int({ error: interviewMessages.score })
  .min(1, { error: interviewMessages.score })
  .max(5, { error: interviewMessages.score });

/** PUT …/scorecard: one score per criterion, a recommendation and notes; submitting again replaces it. */
export const scorecardBody = z.object({
  scorecard: z.object({
    scores: z.record(text().max(40), score),
    recommendation: z.enum(recommendations, { error: interviewMessages.recommendation }),
    notes: text()
      .trim()
      .max(5000, { error: interviewMessages.notesTooLong })
      .transform((v) => v || null)
      .nullable()
      .optional(),
  }),
});
export type ScorecardInput = z.input<typeof scorecardBody>['scorecard'];

export const place = z.object({
  kind: z.enum(['location', 'address', 'video']),
  /** The place's words (an address), or the video link. */
  label: text(),
  url: text().nullable(),
});
export type Place = z.infer<typeof place>;

export const scorecard = z.object({
  interviewerId: z.number().int(),
  interviewer: text(),
  scores: z.record(text(), z.number().int()),
  recommendation: z.enum(recommendations),
  notes: text().nullable(),
  submittedAt: z.iso.datetime(),
});
export type Scorecard = z.infer<typeof scorecard>;

export const interviewer = z.object({
  id: z.number().int(),
  name: text(),
  email: text(),
  hasAccount: z.boolean(),
  submitted: z.boolean(),
});

export const interview = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  opportunity: z.object({ id: z.number().int(), name: text() }),
  candidate: z.object({ firstName: text().nullable(), lastName: text().nullable() }),
  status: z.enum(interviewStatuses),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  durationMinutes: z.number().int(),
  place,
  sequence: z.number().int(),
  interviewers: z.array(interviewer),
  /** Those the reader may see (an interviewer sees others' once theirs is in). */
  scorecards: z.array(scorecard),
});
export type Interview = z.infer<typeof interview>;
export const interviewResponse = z.object({ interview });

export const slot = z.object({
  id: z.number().int(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  durationMinutes: z.number().int(),
  place,
  /** Booked by someone (an interview holds it). */
  taken: z.boolean(),
});
export type Slot = z.infer<typeof slot>;

export const offer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  status: z.enum(offerStatuses),
  message: text().nullable(),
  /** What the candidate said when asking for other times. */
  candidateMessage: text().nullable(),
  createdAt: z.iso.datetime(),
  slots: z.array(slot),
});
export type Offer = z.infer<typeof offer>;

export const offerList = z.object({ items: z.array(offer) });

/** An application's interviews: the offers and the interviews (client and candidate). */
export const applicationInterviews = z.object({
  offers: z.array(offer),
  interviews: z.array(interview),
});
export type ApplicationInterviews = z.infer<typeof applicationInterviews>;

/** What the candidate sees of an interview: no scorecards, the interviewers' names. */
export const candidateInterview = interview.omit({ scorecards: true }).extend({
  interviewers: z.array(z.object({ name: text() })),
});
export const candidateApplicationInterviews = z.object({
  offers: z.array(offer),
  interviews: z.array(candidateInterview),
});
export type CandidateApplicationInterviews = z.infer<typeof candidateApplicationInterviews>;
export const candidateInterviewResponse = z.object({ interview: candidateInterview });

/** Where the next page of an agenda starts: just after this interview in the agenda's order. */
const agendaCursor = z.object({
  /** The first page's `from`: the pages that follow keep it. */
  from: z.iso.datetime(),
  startsAt: z.iso.datetime(),
  id,
});
export type AgendaCursor = z.infer<typeof agendaCursor>;
export const encodeAgendaCursor = (cursor: AgendaCursor) => encodeCursor(cursor);
export const AGENDA_CURSOR_MESSAGE =
  'is not a page of this agenda: start again from the first page';

/**
 * GET client/interviews and client/opportunities/{id}/interviews: the agenda, a page at a time.
 * The answer's `next` (an opaque cursor, null on the last page) asks for the page after it.
 */
export const agendaQuery = z.object({
  /** From this time (default now); upcoming interviews only, soonest first. */
  from: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(interviewStatuses).default('scheduled'),
  per: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .transform((text, context) => {
      const cursor = decodeCursor(text, agendaCursor);
      if (cursor === null) {
        context.addIssue({ code: 'custom', message: AGENDA_CURSOR_MESSAGE });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});
export const agendaPage = z.object({
  items: z.array(interview),
  /** The cursor of the next page; null when this page is the last. */
  next: text().nullable(),
});
export type AgendaPage = z.infer<typeof agendaPage>;

/** An outside interviewer's link: the interview, the candidate as blind review allows, the scorecard. */
export const interviewLinkView = z.object({
  interview: interview.omit({ scorecards: true, interviewers: true, candidate: true }),
  /** The organization that interviews. */
  organization: text(),
  interviewer: z.object({ name: text(), email: text() }),
  /** The other interviewers, by name. */
  colleagues: z.array(text()),
  candidate: guestCandidate,
  criteria: z.array(criterion),
  scorecard: scorecard.nullable(),
  /** Colleagues' scorecards, once this interviewer has submitted. */
  others: z.array(scorecard),
});
export type InterviewLinkView = z.infer<typeof interviewLinkView>;

export { tokenParam };
