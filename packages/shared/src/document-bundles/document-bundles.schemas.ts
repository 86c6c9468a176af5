import { z } from 'zod';

import { text } from '../common/text.ts';
import { documentKinds, type DocumentKind } from '../documents/documents.schemas.ts';

// A document bundle: a client picks applications of one opportunity and the kinds of document
// wanted, and receives one zip of those applicants' documents by a link in an e-mail.
//
//   POST client/document_bundles                       {bundle: {opportunityId, applicationIds, documentKinds}}
//   POST client/document_bundles/contents              what such a bundle would hold, before asking
//   GET  client/document_bundles                       the user's recent bundles
//   GET  client/document_bundles/{id}/download?token=  the zip; the signed token is the authorization

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

/** The most applications one bundle may hold. */
export const MAX_BUNDLE_APPLICATIONS = 500;
/** How long the e-mailed download link works. */
export const BUNDLE_LINK_DAYS = 7;
/** How many recent bundles the list shows. */
export const RECENT_BUNDLES = 20;

/** The words the API answers with and the web app shows, the same on both sides. */
export const documentBundleMessages = {
  queued: 'Document bundle has been queued. Download link will be mailed shortly.',
  failed: 'There was a problem requesting the document bundle',
  opportunityRequired: 'Choose the opportunity',
  applicationsRequired: 'Choose at least one applicant',
  applicationsInvalid: 'Applications are given by their ids',
  tooManyApplications: `A bundle can hold at most ${MAX_BUNDLE_APPLICATIONS} applicants`,
  kindsRequired: 'Choose at least one kind of document',
  kindInvalid:
    'must be one of: identity document, transcript, high school certificate, proof of registration, other',
  foreignApplications: (ids: readonly number[]) =>
    `These applications are not of this opportunity: ${ids.join(', ')}`,
  notFound: 'Document bundle not found',
  linkExpired: 'This download link has expired. Request the document bundle again.',
  linkInvalid: 'This download link is not valid. Use the link from the e-mail as it was sent.',
  notReady: 'This document bundle is not ready to download',
  nothingToBundle:
    'None of these applicants has a document of the chosen kinds, so there is nothing to bundle',
} as const;

export const documentBundleStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export const documentBundleStatus = z.enum(documentBundleStatuses);
export type DocumentBundleStatus = z.infer<typeof documentBundleStatus>;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;
const isKind = (value: unknown): value is DocumentKind =>
  (documentKinds as readonly unknown[]).includes(value);

// The lists are checked as a whole, so a bad element is reported under the list's own name
// (`errors.applicationIds`), which is what the dialog shows, never under `applicationIds.3`.

/** The request's fields. Repeated ids and kinds count once; kinds come back in list order. */
export const newDocumentBundle = z.object({
  opportunityId: z
    .unknown()
    .refine(isId, { error: documentBundleMessages.opportunityRequired })
    .transform((value) => value as number),
  applicationIds: z
    .array(z.unknown(), { error: documentBundleMessages.applicationsRequired })
    .min(1, { error: documentBundleMessages.applicationsRequired, abort: true })
    .refine((ids) => ids.every(isId), {
      error: documentBundleMessages.applicationsInvalid,
      abort: true,
    })
    .transform((ids) => [...new Set(ids as number[])])
    .refine((ids) => ids.length <= MAX_BUNDLE_APPLICATIONS, {
      error: documentBundleMessages.tooManyApplications,
    }),
  documentKinds: z
    .array(z.unknown(), { error: documentBundleMessages.kindsRequired })
    .min(1, { error: documentBundleMessages.kindsRequired, abort: true })
    .refine((kinds) => kinds.every(isKind), { error: documentBundleMessages.kindInvalid })
    .transform((kinds) => documentKinds.filter((k) => kinds.includes(k))),
});
/** What the web app sends. */
export interface NewDocumentBundle {
  opportunityId: number;
  applicationIds: number[];
  documentKinds: DocumentKind[];
}
export type NewDocumentBundleValues = z.output<typeof newDocumentBundle>;

/** POST client/document_bundles. */
export const createDocumentBundleBody = z.object({ bundle: newDocumentBundle });

/** A bundle as its requester sees it. */
export const documentBundle = z.object({
  id,
  opportunityId: id,
  opportunityName: z.string(),
  status: documentBundleStatus,
  applicationCount: z.number().int().nonnegative(),
  documentKinds: z.array(z.enum(documentKinds)),
  byteSize: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type DocumentBundle = z.infer<typeof documentBundle>;

/** The 202 answer to POST: the new bundle's id and status. */
export const documentBundleQueued = z.object({ id, status: documentBundleStatus });
export type DocumentBundleQueued = z.infer<typeof documentBundleQueued>;

export const documentBundleList = z.object({ items: z.array(documentBundle) });
export type DocumentBundleList = z.infer<typeof documentBundleList>;

export const documentBundleParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** The download link's query: the signed token (its checks are the server's). */
export const documentBundleDownloadQuery = z.object({
  token: text().max(200).optional(),
});

/** One applicant of a bundle and how many of their documents of the chosen kinds it holds. */
export const bundleApplicant = z.object({
  applicationId: id,
  /** "Firstname Lastname"; an applicant without a name is "Applicant #12". */
  name: z.string(),
  documentCount: z.number().int().nonnegative(),
});
export type BundleApplicant = z.infer<typeof bundleApplicant>;

/** What a bundle holds (or would hold): its applicants in name order, each with their count. */
export const documentBundleContents = z.object({
  applicants: z.array(bundleApplicant),
});
export type DocumentBundleContents = z.infer<typeof documentBundleContents>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The applicants a bundle holds nothing of. */
export const applicantsWithout = (contents: DocumentBundleContents): BundleApplicant[] =>
  contents.applicants.filter((a) => a.documentCount === 0);

/** How many documents a bundle holds in all. */
export const documentCountOf = (contents: DocumentBundleContents): number =>
  contents.applicants.reduce((n, a) => n + a.documentCount, 0);

/**
 * What a bundle holds, in words, the same in the dialog, the e-mail and the zip's list:
 * "5 documents from 2 of 3 applicants", "1 document from 1 applicant", or, when no applicant
 * has any, that there is nothing to bundle.
 */
export function bundleContentsText(contents: DocumentBundleContents): string {
  const documents = documentCountOf(contents);
  if (documents === 0) return documentBundleMessages.nothingToBundle;
  const total = contents.applicants.length;
  const having = total - applicantsWithout(contents).length;
  const from =
    having === total
      ? plural(total, 'applicant', 'applicants')
      : `${having} of ${plural(total, 'applicant', 'applicants')}`;
  return `${plural(documents, 'document', 'documents')} from ${from}`;
}

/**
 * Who a bundle holds nothing of, in words ("No documents of the chosen kinds from Nomsa Mokoena
 * and Applicant #12."); empty when every applicant has some, or when none has any (the
 * contents' own words say so then).
 */
export function applicantsWithoutText(
  contents: DocumentBundleContents,
  nameOf: (applicant: BundleApplicant) => string = (a) => a.name,
): string {
  const without = applicantsWithout(contents);
  if (without.length === 0 || without.length === contents.applicants.length) return '';
  const names = without.map(nameOf);
  const list =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `No documents of the chosen kinds from ${list}.`;
}
