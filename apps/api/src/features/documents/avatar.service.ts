import type { Readable } from 'node:stream';

import {
  documentMessages,
  type AvatarResponse,
} from '@pathways/shared/documents/documents.schemas';

import type { Actor } from '../auth/index.ts';
import type { ReceivedUpload } from './multipart.ts';
import { makeAvatar } from './avatar-image.ts';
import * as repo from './documents.repository.ts';
import type { DocumentsDeps } from './documents.service.ts';
import { avatarKeys } from './storage-keys.ts';
import { storedPictures } from './stored-pictures.ts';

export function createAvatarService(deps: DocumentsDeps) {
  const { db, now } = deps;
  const avatars = storedPictures(deps, avatarKeys, makeAvatar, documentMessages.avatarNotFound);

  return {
    /** Resizes and strips the picture, stores it, and points `users.avatar` at it. */
    async set(actor: Actor, upload: ReceivedUpload): Promise<AvatarResponse> {
      const avatar = await avatars.replace(actor.userId, upload, (url) =>
        db.transaction(async (tx) => {
          const { avatar: before } = await repo.lockUser(tx, actor.userId);
          await repo.setAvatar(tx, actor.userId, url, now());
          return before;
        }),
      );
      return { avatar };
    },

    async remove(actor: Actor): Promise<void> {
      await avatars.remove(() =>
        db.transaction(async (tx) => {
          const { avatar: before } = await repo.lockUser(tx, actor.userId);
          if (before !== null) await repo.setAvatar(tx, actor.userId, null, now());
          return before;
        }),
      );
    },

    /** The stored WebP of `/api/avatars/<file>`; unknown or malformed names are not found. */
    file(file: string): Promise<Readable> {
      return avatars.file(file);
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
