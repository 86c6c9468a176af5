import { z } from 'zod';

import { documentKinds, type DocumentKind } from '../documents/documents.schemas.ts';

// A document bundle: a client picks applications of one opportunity and the kinds of document
// wanted, and receives one zip of those applicants' documents by a link in an e-mail.
//
//   POST client/document_bundles                       {bundle: {opportunityId, applicationIds, documentKinds}}
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
  token: z.string().max(2000).optional(),
});
