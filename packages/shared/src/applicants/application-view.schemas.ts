import { z } from 'zod';

import { text } from '../common/text.ts';
import { documentContentTypes, documentKind } from '../documents/documents.schemas.ts';
import { criterionStatuses } from '../eligibility/evaluate.ts';
import { applicationFeedback } from '../feedback/feedback.schemas.ts';
import { profile } from '../profile/profile.schemas.ts';

// One applicant as a client who manages the opportunity sees them: the whole profile, the
// documents, the eligibility checklist, the screening answers and the psychometric results.
//
//   GET client/opportunities/{id}/applications/{appId}                   ?view=1 records a view
//   GET client/opportunities/{id}/applications/{appId}/documents/{docId} the file; recorded
//   GET candidate/document_downloads                                     who read my documents
//
// Every download of a candidate's document by a client is recorded, and the candidate sees
// who downloaded what, and when.

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const pathId = z.coerce.number().int().positive().max(MAX_ID);
const isoDateTime = z.iso.datetime({ offset: true });

export const applicationViewParams = z.object({ id: pathId, appId: pathId });
export const applicationDocumentParams = z.object({ id: pathId, appId: pathId, docId: pathId });

export const applicationViewQuery = z.object({
  /** `1` records that the caller opened the application (who and when). */
  view: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});

/** A document of the applicant, with the address a client downloads it from. */
export const applicantDocument = z.object({
  id,
  kind: documentKind,
  originalName: text(),
  contentType: z.enum(documentContentTypes),
  byteSize: z.number().int(),
  createdAt: isoDateTime,
  /** GET it with the bearer token; the download is recorded and shown to the candidate. */
  downloadUrl: text(),
});
export type ApplicantDocument = z.infer<typeof applicantDocument>;

/** One requirement of the opportunity and how this applicant stands against it. */
export const applicantCriterion = z.object({
  requirementId: id,
  kind: text(),
  status: z.enum(criterionStatuses),
  /** What the requirement asks, in words. */
  description: text(),
  /** Why it is met, unmet or unknown. */
  reason: text(),
});
export type ApplicantCriterion = z.infer<typeof applicantCriterion>;

export const screeningAnswerItem = z.object({
  questionId: id,
  question: text(),
  /** Null when the applicant did not answer this question. */
  answer: text().nullable(),
});
export type ScreeningAnswerItem = z.infer<typeof screeningAnswerItem>;

/** One psychometric result: an aggregate from 0 to 100 per assessed item. */
export const psychometricResult = z.object({
  item: text(),
  aggregate: z.number().min(0).max(100),
  assessedAt: isoDateTime,
});
export type PsychometricResult = z.infer<typeof psychometricResult>;

export const applicationView = z.object({
  application: z.object({
    id,
    opportunityId: id,
    status: text(),
    complete: z.boolean(),
    completion: z.number().int().min(0).max(100),
    createdAt: isoDateTime,
    phase: z.object({ id, name: text() }).nullable(),
    /** The client's rating, 1 to 5, or null. */
    rating: z.number().int().min(1).max(5).nullable(),
    regrettedAt: isoDateTime.nullable(),
    /** When the candidate withdrew it. */
    archivedAt: isoDateTime.nullable(),
  }),
  /** Colleagues' answers when the application was shared for their opinion. */
  feedback: applicationFeedback,
  candidate: z.object({
    id,
    firstName: text().nullable(),
    lastName: text().nullable(),
    email: text(),
    /** The profile picture's address, or null. */
    avatar: text().nullable(),
    /**
     * An organization flagged an irregularity in the profile and the candidate has not
     * corrected that section yet.
     */
    reported: z.boolean(),
  }),
  /** Null when the candidate has not started a profile. */
  profile: profile.nullable(),
  documents: z.array(applicantDocument),
  eligibility: z.object({
    eligible: z.boolean(),
    criteria: z.array(applicantCriterion),
  }),
  screeningAnswers: z.array(screeningAnswerItem),
  psychometrics: z.array(psychometricResult),
});
export type ApplicationView = z.infer<typeof applicationView>;

/** One download of the candidate's document by a client user. */
export const documentDownload = z.object({
  id,
  documentName: text(),
  organization: z.object({ id, name: text() }),
  /** The client user's name, or null when their account is gone. */
  clientName: text().nullable(),
  downloadedAt: isoDateTime,
});
export type DocumentDownload = z.infer<typeof documentDownload>;
export const documentDownloadList = z.object({ items: z.array(documentDownload) });
export type DocumentDownloadList = z.infer<typeof documentDownloadList>;
