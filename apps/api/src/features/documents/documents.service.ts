import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

import type { FieldErrors } from '@pathways/shared/common/errors';
import {
  documentMessages,
  isSingleFileKind,
  MAX_OTHER_DOCUMENTS,
  uploadDocumentFields,
  type DocumentContentType,
  type DocumentItem,
  type DocumentKind,
  type DocumentList,
} from '@pathways/shared/documents/documents.schemas';

import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { createStorage, type Storage } from '../../lib/storage.ts';
import type { Actor } from '../auth/index.ts';
import { extensionsOf, hasPdfTrailer, sniffContentType } from './content-type.ts';
import { toDocumentItem } from './documents.mapper.ts';
import { hasTooManyPixels, imageHeader } from './image-limits.ts';
import * as repo from './documents.repository.ts';
import { cleanFileName } from './file-names.ts';
import type { ReceivedUpload } from './multipart.ts';
import { newDocumentKey, userFolder } from './storage-keys.ts';

export interface DocumentsDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  log: { error(obj: unknown, msg?: string): void };
}

export type Download =
  | { notModified: true; document: repo.DocumentRow }
  | { notModified: false; document: repo.DocumentRow; body: Readable };

/**
 * The accepted document type of these bytes, or the message refusing them. Images must also
 * parse as what their first bytes claim and stay within MAX_IMAGE_PIXELS (read from the header,
 * never decoded), and a PDF must end like one: a renamed text file or a cut-off upload fails.
 */
export async function detectDocumentType(
  bytes: Buffer,
): Promise<{ type: DocumentContentType } | { refused: string }> {
  const sniffed = sniffContentType(bytes);
  const wrongType = { refused: documentMessages.fileType };
  if (sniffed === 'application/pdf') return hasPdfTrailer(bytes) ? { type: sniffed } : wrongType;
  if (sniffed === 'image/jpeg' || sniffed === 'image/png') {
    let header;
    try {
      header = await imageHeader(bytes);
    } catch {
      return wrongType;
    }
    if (header.format !== (sniffed === 'image/jpeg' ? 'jpeg' : 'png')) return wrongType;
    if (hasTooManyPixels(header)) return { refused: documentMessages.imageTooLarge };
    return { type: sniffed };
  }
  return wrongType;
}

/** Removes blobs whose rows are gone; a failure leaves an orphan blob and a log line, no error. */
export async function deleteBlobs(deps: Pick<DocumentsDeps, 'storage' | 'log'>, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.error({ err: error, key }, 'could not delete a stored file');
    }
  }
}

export function createDocumentsService(deps: DocumentsDeps) {
  const { db, storage, now } = deps;

  async function validUpload(upload: ReceivedUpload) {
    const errors: FieldErrors = {};
    const fields = uploadDocumentFields.safeParse({ kind: upload.fields.kind });
    if (!fields.success) errors.kind = fields.error.issues.map((i) => i.message);
    let type: DocumentContentType | null = null;
    if (!upload.file) errors.file = [documentMessages.fileRequired];
    else if (upload.file.bytes.length === 0) errors.file = [documentMessages.fileEmpty];
    else {
      const detected = await detectDocumentType(upload.file.bytes);
      if ('refused' in detected) errors.file = [detected.refused];
      else type = detected.type;
    }
    if (!fields.success || !upload.file || !type) {
      const first = errors.file?.[0] ?? errors.kind?.[0] ?? 'Invalid upload';
      throw new AppError('validation', first, { errors });
    }
    return { kind: fields.data.kind, file: upload.file, type };
  }

  /**
   * A document of `ownerId`, for a caller already allowed to read that user's documents;
   * another user's document answers 404.
   */
  async function downloadOf(ownerId: number, id: number, ifNoneMatch?: string): Promise<Download> {
    const document = await repo.findOwned(db, ownerId, id);
    if (!document) throw notFound(documentMessages.notFound);
    if (ifNoneMatch && etagMatches(ifNoneMatch, etagOf(document))) {
      return { notModified: true, document };
    }
    const body = await storage.get(document.storageKey);
    if (!body) {
      deps.log.error({ documentId: id }, 'a document row has no stored file');
      throw notFound(documentMessages.notFound);
    }
    return { notModified: false, document, body };
  }

  return {
    async list(actor: Actor): Promise<DocumentList> {
      return { items: (await repo.listByUser(db, actor.userId)).map(toDocumentItem) };
    },

    /**
     * Stores a new document. For every kind but `other` it replaces the candidate's previous
     * file of that kind: rows change in one transaction, old bytes go once it has committed.
     */
    async upload(actor: Actor, upload: ReceivedUpload): Promise<DocumentItem> {
      const { kind, file, type } = await validUpload(upload);
      const key = newDocumentKey(actor.userId, extensionsOf[type][0]);
      await storage.put(key, file.bytes, type);
      let replaced: string[] = [];
      let row: repo.DocumentRow;
      try {
        row = await db.transaction(async (tx) => {
          await repo.lockUser(tx, actor.userId);
          if (isSingleFileKind(kind)) {
            replaced = await repo.deleteOfKind(tx, actor.userId, kind);
          } else if ((await repo.countOfKind(tx, actor.userId, kind)) >= MAX_OTHER_DOCUMENTS) {
            throw new AppError('validation', documentMessages.tooManyOther, {
              errors: { file: [documentMessages.tooManyOther] },
            });
          }
          return repo.insertDocument(tx, {
            userId: actor.userId,
            kind,
            storageKey: key,
            originalName: cleanFileName(file.fileName, type),
            contentType: type,
            byteSize: file.bytes.length,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
            createdAt: now(),
          });
        });
      } catch (error) {
        await deleteBlobs(deps, [key]);
        throw error;
      }
      await deleteBlobs(deps, replaced);
      return toDocumentItem(row);
    },

    /** The file for its owner; `ifNoneMatch` lets a client that has it skip the download. */
    async download(actor: Actor, id: number, ifNoneMatch?: string): Promise<Download> {
      return downloadOf(actor.userId, id, ifNoneMatch);
    },

    downloadOf,

    async remove(actor: Actor, id: number): Promise<void> {
      const key = await db.transaction((tx) => repo.deleteOwned(tx, actor.userId, id));
      if (!key) throw notFound(documentMessages.notFound);
      await deleteBlobs(deps, [key]);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** A strong validator: the content's SHA-256. */
export const etagOf = (document: Pick<repo.DocumentRow, 'sha256'>) => `"${document.sha256}"`;

function etagMatches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

// What other features read or remove of a user's documents.

/** The kinds of document the user has uploaded (the to-do list asks for the missing ones). */
export async function documentKindsOf(db: DbOrTx, userId: number): Promise<Set<DocumentKind>> {
  return new Set(await repo.kindsOf(db, userId));
}

/** The user's documents as their list shows them (for the account data export). */
export async function listDocumentsOf(db: DbOrTx, userId: number): Promise<DocumentItem[]> {
  return (await repo.listByUser(db, userId)).map(toDocumentItem);
}

/**
 * The stored documents of these kinds of these users (the rows only; the bytes are read from
 * storage by their `storageKey`), for a client's document bundle.
 */
export async function documentsOfUsers(
  db: DbOrTx,
  userIds: readonly number[],
  kinds: readonly DocumentKind[],
): Promise<repo.DocumentRow[]> {
  return repo.listOfUsers(db, userIds, kinds);
}

/**
 * Removes every stored file of the user, documents and avatar, for account deletion. Every
 * file of a user is kept under one folder of their own, so this needs no rows: call it after
 * the transaction that deleted the user has committed (rows cascade with the user).
 */
export async function deleteUserFiles(
  deps: Pick<FeatureDeps, 'config'>,
  userId: number,
): Promise<void> {
  await createStorage(deps.config).deleteFolder(userFolder(userId));
}
