import type { DocumentItem, DocumentKind } from '@pathways/shared/documents/documents.schemas';

import type { DbOrTx } from '../../db/client.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { createStorage } from '../../lib/storage.ts';
import { toDocumentItem } from './documents.mapper.ts';
import * as repo from './documents.repository.ts';
import { userFolder } from './storage-keys.ts';

export { documentsRoutes } from './documents.routes.ts';

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

// The upload pipeline, for other features that take an image (an organization's logo, a
// campaign's banner): the multipart reader, the content check by magic bytes, and the resize
// that strips metadata.
export { makeBannerImage, makeLogo } from './avatar-image.ts';
export { sniffContentType } from './content-type.ts';
export { convertedImage } from './image-upload.ts';
export { deleteBlobs } from './documents.service.ts';
export { cleanFileName, attachmentDisposition } from './file-names.ts';
export { receiveUpload, type ReceivedUpload } from './multipart.ts';
