import { z } from 'zod';

import { text } from '../common/text.ts';

// What a client does to applications in a workspace: move them through the phases, regret
// them, rate them, and flag a profile irregularity. Every action is an event row with who did
// it and when, which is the application's history.
//
//   POST  client/opportunities/{id}/applications/{appId}/events  {phaseId}: move one
//   GET   client/opportunities/{id}/applications/{appId}/events  the history, oldest first
//   POST  client/opportunities/{id}/applications/assign          {phaseId, opportunityApplicationIds}
//   PATCH client/opportunities/{id}/applications/{appId}/regret  regret one
//   PATCH client/opportunities/{id}/applications/regret          {applicationIds}: regret many
//   PATCH client/opportunities/{id}/applications/{appId}/rating  {rating}: 1 to 5, or null
//   POST  client/flags                                            {flag}
//
// A bulk action is one transaction: an id that is not an application of this opportunity fails
// the whole call with a 422 naming it, and nothing changes.

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const pathId = z.coerce.number().int().positive().max(MAX_ID);
const isoDateTime = z.iso.datetime({ offset: true });
/** The most applications one bulk action takes. */
export const BULK_ACTION_MAX = 10_000;
export const FLAG_REASON_MAX_CHARS = 2000;

export const screeningMessages = {
  phaseId: 'Choose a phase of this opportunity',
  applicationIds: 'Choose at least one application',
  /** `{ids}` is replaced by the ids, comma-separated. */
  foreignIds: 'These are not applications of this opportunity: {ids}',
  tooMany: `Choose at most ${BULK_ACTION_MAX} applications`,
  rating: 'must be a whole number from 1 to 5',
  alreadyRegretted: 'This application was already regretted',
  someRegretted: 'Some of these applications were already regretted: {ids}',
  regrettedCannotMove: 'A regretted application cannot be moved',
  withdrawn: 'The candidate withdrew this application',
  /** `{ids}` is replaced by the ids, comma-separated. */
  cannotMoveMany: 'These applications were withdrawn or regretted and cannot be moved: {ids}',
  /** `{ids}` is replaced by the ids, comma-separated. */
  someWithdrawn: 'The candidates withdrew some of these applications: {ids}',
  section: 'Choose the section of the profile',
  reason: 'Say what is irregular',
  applicationId: 'Choose an application you can see',
  moved: 'Moved to {phase}',
  movedMany: '{count} applications moved to {phase}',
  regretted: 'Application regretted',
  regrettedMany: '{count} applications regretted',
  flagged: 'The candidate was asked to correct that section',
} as const;

/** `client/opportunities/{id}/applications/{appId}/...` */
export const applicationParams = z.object({ id: pathId, appId: pathId });
export const opportunityParams = z.object({ id: pathId });

/** A phase id, or the message asking for one. */
const phaseId = z
  .number({ error: screeningMessages.phaseId })
  .int(screeningMessages.phaseId)
  .positive(screeningMessages.phaseId)
  .max(MAX_ID, screeningMessages.phaseId);

export const moveBody = z.object({ phaseId });

/** The ids of a bulk action: at least one, at most BULK_ACTION_MAX. */
const bulkIds = z
  .array(id)
  .min(1, screeningMessages.applicationIds)
  .max(BULK_ACTION_MAX, screeningMessages.tooMany);
export const assignBody = z.object({
  phaseId,
  opportunityApplicationIds: bulkIds,
});
export const regretManyBody = z.object({ applicationIds: bulkIds });
export const ratingBody = z.object({
  rating: z
    .number({ error: screeningMessages.rating })
    .int(screeningMessages.rating)
    .min(1, screeningMessages.rating)
    .max(5, screeningMessages.rating)
    .nullable(),
});
export const ratingResponse = z.object({ id, applicationRating: z.number().int().nullable() });
export type RatingResponse = z.infer<typeof ratingResponse>;

export const phaseEventKinds = ['applied', 'moved', 'regretted', 'archived', 'reinstated'] as const;

/** One row of an application's history. */
export const phaseEvent = z.object({
  id,
  applicationId: id,
  kind: z.enum(phaseEventKinds),
  fromPhaseId: id.nullable(),
  phaseId: id.nullable(),
  /** Who did it: a client user's name, or null for the candidate or the system. */
  actor: z.object({ id, name: z.string() }).nullable(),
  createdAt: isoDateTime,
});
export type PhaseEvent = z.infer<typeof phaseEvent>;
export const phaseEventList = z.object({ items: z.array(phaseEvent) });
export type PhaseEventList = z.infer<typeof phaseEventList>;

/** What a move, assign or regret answers: the applications as they are now, and the events made. */
export const screeningResult = z.object({
  items: z.array(
    z.object({
      id,
      phaseId: id.nullable(),
      /** The phase it was in before, so the browser can undo a move. */
      previousPhaseId: id.nullable(),
      regrettedAt: isoDateTime.nullable(),
    }),
  ),
  events: z.array(phaseEvent),
});
export type ScreeningResult = z.infer<typeof screeningResult>;

/** The profile sections a flag can point at; the candidate's to-do item opens that section. */
export const flagSections = [
  'personal',
  'identification',
  'contact',
  'qualifications',
  'experiences',
  'documents',
  'languages',
  'rights',
] as const;
export type FlagSection = (typeof flagSections)[number];

/** A section in words, for the flag dialog and the candidate's to-do item. */
export const flagSectionLabels: Record<FlagSection, string> = {
  personal: 'Personal details',
  identification: 'Identification',
  contact: 'Contact details and location',
  qualifications: 'Qualifications',
  experiences: 'Experience',
  documents: 'Documents',
  languages: 'Languages',
  rights: 'Study and work rights',
};

export const flagBody = z.object({
  flag: z.object({
    applicationId: id,
    section: z.enum(flagSections, { error: screeningMessages.section }),
    reason: text({ error: screeningMessages.reason })
      .trim()
      .min(1, screeningMessages.reason)
      .max(FLAG_REASON_MAX_CHARS),
  }),
});
export type FlagInput = z.infer<typeof flagBody>['flag'];
export const flagResponse = z.object({
  flag: z.object({
    id,
    applicationId: id,
    section: z.enum(flagSections),
    reason: z.string(),
    createdAt: isoDateTime,
  }),
});
export type FlagResponse = z.infer<typeof flagResponse>;
