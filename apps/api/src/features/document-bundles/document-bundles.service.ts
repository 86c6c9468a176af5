import { Readable, Transform } from 'node:stream';

import {
  BUNDLE_LINK_DAYS,
  documentBundleMessages,
  RECENT_BUNDLES,
  type DocumentBundle,
  type DocumentBundleContents,
  type DocumentBundleList,
  type DocumentBundleQueued,
  type NewDocumentBundleValues,
} from '@pathways/shared/document-bundles/document-bundles.schemas';

import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Mail } from '../../lib/mailer.ts';
import { newStorageKey, type Storage } from '../../lib/storage.ts';
import type { Actor } from '../../plugins/access.ts';
import { applicantsOf } from '../applications/index.ts';
import { userById } from '../auth/index.ts';
import { documentsOfUsers } from '../documents/index.ts';
import {
  documentKindLabels,
  type DocumentKind,
} from '@pathways/shared/documents/documents.schemas';

import {
  applicantFolder,
  byApplicantName,
  byKindThenAge,
  documentFileNames,
  safePathSegment,
} from './bundle-paths.ts';
import { contentsOf, MANIFEST_NAME, manifestText, type ManifestEntry } from './bundle-manifest.ts';
import { zipStream, type ZipItem } from './bundle-zip.ts';
import { bundleFailedMail, bundleReadyMail } from './document-bundles.mails.ts';
import * as repo from './document-bundles.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { checkDownloadToken, signDownloadToken } from './download-token.ts';
import { clientScopeOf, managedOpportunity } from '../../access/index.ts';

// A client's document bundle: asked for by a manager of the opportunity, built in the
// background into one zip in storage, and offered by an e-mailed link whose signed token is
// its only authorization, for 7 days.

export const documentBundleQueue = 'document-bundles.build';

const DAY_MS = 86_400_000;

export type DocumentBundlesDeps = Pick<FeatureDeps, 'db' | 'config' | 'mailer' | 'now' | 'log'> & {
  storage: Storage;
  jobs: Pick<Jobs, 'enqueue'>;
};

/** The zip's folder in storage: one folder per bundle. */
const bundleFolder = (bundleId: number) => `document-bundles/${bundleId}`;

function toDocumentBundle(row: repo.BundleListRow): DocumentBundle {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    opportunityName: row.opportunityName,
    status: row.status,
    applicationCount: row.applicationCount,
    documentKinds: row.documentKinds,
    byteSize: row.byteSize,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** Counts the bytes that pass. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

export function createDocumentBundlesService(deps: DocumentBundlesDeps) {
  const { db, storage, now, log, config } = deps;

  const downloadUrl = (bundleId: number, expiresAt: Date) =>
    `${config.appUrl}/api/client/document_bundles/${bundleId}/download?token=${encodeURIComponent(
      signDownloadToken(config.jwtSecret, bundleId, expiresAt),
    )}`;

  // Mail goes out after the work is stored; a failed delivery is logged, never a lost bundle.
  async function deliver(mail: Mail) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      log.error({ err: error, to: mail.to, subject: mail.subject }, 'e-mail delivery failed');
    }
  }

  /**
   * What a bundle of these applications and kinds holds: each applicant in name order, with
   * their folder and their documents of those kinds (in list order) under their file names.
   */
  async function planOf(
    tx: DbOrTx,
    opportunityId: number,
    applicationIds: readonly number[],
    kinds: readonly DocumentKind[],
  ): Promise<(ManifestEntry & { documents: Awaited<ReturnType<typeof documentsOfUsers>> })[]> {
    const applicants = (await applicantsOf(tx, opportunityId, applicationIds)).sort(
      byApplicantName,
    );
    const documents = await documentsOfUsers(
      tx,
      applicants.map((a) => a.candidateId),
      kinds,
    );
    const byUser = Map.groupBy(documents, (d) => d.userId);
    return applicants.map((applicant) => {
      const own = (byUser.get(applicant.candidateId) ?? []).sort(byKindThenAge);
      return {
        applicant,
        folder: applicantFolder(applicant),
        files: documentFileNames(own),
        documents: own,
      };
    });
  }

  /**
   * The zip's entries: the list of contents first, then a folder per applicant, in name order,
   * with their chosen documents (an applicant with none keeps an empty folder).
   */
  function zipItemsOf(
    bundle: repo.BundleRow,
    opportunity: string,
    plan: Awaited<ReturnType<typeof planOf>>,
  ): ZipItem[] {
    const manifest = Buffer.from(
      manifestText(
        {
          opportunity,
          createdAt: bundle.createdAt,
          kinds: bundle.documentKinds.map((kind) => documentKindLabels[kind]),
        },
        plan,
      ),
    );
    const items: ZipItem[] = [
      {
        type: 'file',
        path: MANIFEST_NAME,
        mtime: bundle.createdAt,
        size: manifest.length,
        open: () => Promise.resolve(Readable.from([manifest])),
      },
    ];
    for (const { folder, files, documents } of plan) {
      if (documents.length === 0) {
        items.push({ type: 'folder', path: `${folder}/`, mtime: bundle.createdAt });
        continue;
      }
      documents.forEach((document, i) => {
        items.push({
          type: 'file',
          path: `${folder}/${files[i]}`,
          mtime: document.createdAt,
          size: document.byteSize,
          async open(): Promise<Readable> {
            const stream = await storage.get(document.storageKey);
            if (!stream) throw new Error(`The stored file of document ${document.id} is missing`);
            return stream;
          },
        });
      });
    }
    return items;
  }

  /**
   * The applications asked for, checked: all of an opportunity the user manages (foreign ids are
   * refused, naming them), and what a bundle of them would hold.
   */
  async function checkedPlan(tx: DbOrTx, actor: Actor, input: NewDocumentBundleValues) {
    const scope = await clientScopeOf(tx, actor);
    const opportunityId = await managedOpportunity(tx, scope, input.opportunityId);
    const plan = await planOf(tx, opportunityId, input.applicationIds, input.documentKinds);
    const found = new Set(plan.map((entry) => entry.applicant.applicationId));
    const foreign = input.applicationIds.filter((id) => !found.has(id));
    if (foreign.length > 0) {
      throw fieldError('applicationIds', documentBundleMessages.foreignApplications(foreign));
    }
    return { scope, opportunityId, plan };
  }

  /** Writes the zip to storage; returns its key and size. */
  async function writeZip(
    bundle: repo.BundleRow,
    items: ZipItem[],
  ): Promise<{ key: string; byteSize: number }> {
    const zip = zipStream(items);
    const counter = byteCounter();
    // Either side failing ends the other: a failed store stops reading documents.
    zip.stream.on('error', (error) => counter.destroy(error));
    counter.on('close', () => {
      if (!counter.writableFinished) zip.stream.destroy();
    });
    const key = newStorageKey(bundleFolder(bundle.id), 'zip');
    const size = await zip.size;
    await storage.put(key, zip.stream.pipe(counter), 'application/zip', {
      ...(size >= 0 ? { byteSize: size } : {}),
    });
    return { key, byteSize: counter.bytes };
  }

  return {
    /**
     * Queues a bundle of `applicationIds` (all of `opportunityId`, which the user manages) and
     * answers at once; the link follows by e-mail. Foreign ids are refused, naming them, and
     * nothing is queued.
     */
    async request(actor: Actor, input: NewDocumentBundleValues): Promise<DocumentBundleQueued> {
      const bundle = await db.transaction(async (tx) => {
        const { scope, opportunityId, plan } = await checkedPlan(tx, actor, input);
        // An empty zip is never built: the user is told there is nothing to bundle instead.
        if (plan.every((entry) => entry.documents.length === 0)) {
          throw fieldError('documentKinds', documentBundleMessages.nothingToBundle);
        }
        const row = await repo.insertBundle(tx, {
          requestedById: scope.userId,
          opportunityId,
          documentKinds: input.documentKinds,
          createdAt: now(),
        });
        await repo.insertBundleApplications(tx, row.id, input.applicationIds);
        return row;
      });
      try {
        await deps.jobs.enqueue(documentBundleQueue, { bundleId: bundle.id });
      } catch (error) {
        // Never left waiting for a job that was not queued: the list says it failed.
        await repo.markFailed(db, bundle.id, 'The bundle could not be queued', now());
        throw error;
      }
      return { id: bundle.id, status: bundle.status };
    },

    /**
     * What a bundle of these applications and kinds would hold, before it is asked for: each
     * applicant with how many of their documents it takes.
     */
    async contents(actor: Actor, input: NewDocumentBundleValues): Promise<DocumentBundleContents> {
      const { plan } = await checkedPlan(db, actor, input);
      return contentsOf(plan);
    },

    async recent(actor: Actor): Promise<DocumentBundleList> {
      const scope = await clientScopeOf(db, actor);
      const rows = await repo.listRecent(db, scope.userId, RECENT_BUNDLES);
      return { items: rows.map(toDocumentBundle) };
    },

    /**
     * Builds the bundle's zip and e-mails its requester the link: queued → running → ready, or
     * failed with the reason. A bundle already built (a repeated job) is left as it is.
     */
    async build(bundleId: number): Promise<void> {
      const bundle = await repo.claimBundle(db, bundleId, now());
      if (!bundle) return;
      const requester = bundle.requestedById ? await userById(db, bundle.requestedById) : undefined;
      const opportunity = await repo.findOpportunityName(db, bundle.opportunityId);
      let written: { key: string; byteSize: number };
      let contents: DocumentBundleContents;
      try {
        const plan = await planOf(
          db,
          bundle.opportunityId,
          await repo.bundleApplicationIds(db, bundle.id),
          bundle.documentKinds,
        );
        contents = contentsOf(plan);
        written = await writeZip(bundle, zipItemsOf(bundle, opportunity, plan));
      } catch (error) {
        log.error({ err: error, bundleId }, 'a document bundle could not be built');
        await repo.markFailed(db, bundleId, (error as Error).message || 'Unknown error', now());
        if (requester) {
          await deliver(
            bundleFailedMail(requester.email, {
              firstName: requester.firstName,
              opportunity,
              url: `${config.appUrl}/`,
            }),
          );
        }
        return;
      }
      const at = now();
      await repo.markReady(db, bundleId, {
        storageKey: written.key,
        byteSize: written.byteSize,
        at,
      });
      if (requester) {
        await deliver(
          bundleReadyMail(requester.email, {
            firstName: requester.firstName,
            opportunity,
            contents,
            url: downloadUrl(bundleId, new Date(at.getTime() + BUNDLE_LINK_DAYS * DAY_MS)),
          }),
        );
      }
    },

    /**
     * The zip, for whoever holds a valid link: the token is the authorization, so no sign-in
     * is needed. A changed or foreign token, and an expired one, are refused with what to do.
     */
    async download(
      bundleId: number,
      token: string | undefined,
    ): Promise<{ body: Readable; byteSize: number; fileName: string }> {
      const check = checkDownloadToken(config.jwtSecret, token, bundleId, now());
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError('token_expired', documentBundleMessages.linkExpired)
          : new AppError('token_invalid', documentBundleMessages.linkInvalid);
      }
      const bundle = await repo.findBundle(db, bundleId);
      if (!bundle) throw notFound(documentBundleMessages.notFound);
      if (bundle.status !== 'ready' || !bundle.storageKey || bundle.byteSize === null) {
        throw new AppError('conflict', documentBundleMessages.notReady);
      }
      const body = await storage.get(bundle.storageKey);
      if (!body) throw notFound(documentBundleMessages.notFound);
      const opportunity = await repo.findOpportunityName(db, bundle.opportunityId);
      return {
        body,
        byteSize: bundle.byteSize,
        fileName: `${safePathSegment(opportunity, 'Opportunity')} - documents ${bundleId}.zip`,
      };
    },

    /** Removes the zips whose links have expired; the rows stay, for the list. */
    async removeExpired(): Promise<number> {
      const before = new Date(now().getTime() - BUNDLE_LINK_DAYS * DAY_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.listStoredBefore(db, before, 100);
        if (batch.length === 0) return removed;
        for (const { id, storageKey } of batch) {
          await storage.delete(storageKey);
          await repo.forgetStorageKey(db, id, now());
          removed += 1;
        }
      }
    },
  };
}

export type DocumentBundlesService = ReturnType<typeof createDocumentBundlesService>;
