import type { FeatureDeps } from '../../lib/deps.ts';
import { createStorage } from '../../lib/storage.ts';
import { createAvatarService } from './avatar.service.ts';
import { createDocumentsService, type Download, type DocumentsDeps } from './documents.service.ts';

/** The store and services of this feature, from the app's dependencies. */
export function documentsDepsOf(deps: FeatureDeps): DocumentsDeps {
  return { db: deps.db, storage: createStorage(deps.config), now: deps.now, log: deps.log };
}

export function documentsServicesOf(deps: FeatureDeps) {
  const own = documentsDepsOf(deps);
  return { documents: createDocumentsService(own), avatars: createAvatarService(own) };
}

/**
 * One document of `ownerId`, for a caller the calling feature has already allowed to read that
 * user's documents (a client who manages an application); another user's document answers 404.
 */
export async function downloadDocumentOf(
  deps: FeatureDeps,
  ownerId: number,
  documentId: number,
  ifNoneMatch?: string,
): Promise<Download> {
  return createDocumentsService(documentsDepsOf(deps)).downloadOf(ownerId, documentId, ifNoneMatch);
}
