import type { FeatureDeps } from '../../lib/deps.ts';
import { createStorage } from '../../lib/storage.ts';
import { createAvatarService } from './avatar.service.ts';
import { createDocumentsService, type DocumentsDeps } from './documents.service.ts';

/** The store and services of this feature, from the app's dependencies. */
export function documentsDepsOf(deps: FeatureDeps): DocumentsDeps {
  return { db: deps.db, storage: createStorage(deps.config), now: deps.now, log: deps.log };
}

export function documentsServicesOf(deps: FeatureDeps) {
  const own = documentsDepsOf(deps);
  return { documents: createDocumentsService(own), avatars: createAvatarService(own) };
}
