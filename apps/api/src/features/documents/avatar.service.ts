import type { Readable } from 'node:stream';

import {
  documentMessages,
  type AvatarResponse,
} from '@pathways/shared/documents/documents.schemas';

import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../auth/index.ts';
import { makeAvatar } from './avatar-image.ts';
import { convertedImage } from './image-upload.ts';
import * as repo from './documents.repository.ts';
import { deleteBlobs, type DocumentsDeps } from './documents.service.ts';
import type { ReceivedUpload } from './multipart.ts';
import { avatarKeyOf, avatarKeyOfFile, avatarUrlOf, newAvatarKey } from './storage-keys.ts';

export function createAvatarService(deps: DocumentsDeps) {
  const { db, storage, now } = deps;

  return {
    /** Resizes and strips the picture, stores it, and points `users.avatar` at it. */
    async set(actor: Actor, upload: ReceivedUpload): Promise<AvatarResponse> {
      const webp = await convertedImage(upload, makeAvatar);
      const key = newAvatarKey(actor.userId);
      const avatar = avatarUrlOf(key);
      await storage.put(key, webp, 'image/webp');
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const { avatar: before } = await repo.lockUser(tx, actor.userId);
          await repo.setAvatar(tx, actor.userId, avatar, now());
          return before;
        });
      } catch (error) {
        await deleteBlobs(deps, [key]);
        throw error;
      }
      const previousKey = avatarKeyOf(previous);
      if (previousKey) await deleteBlobs(deps, [previousKey]);
      return { avatar };
    },

    async remove(actor: Actor): Promise<void> {
      const previous = await db.transaction(async (tx) => {
        const { avatar: before } = await repo.lockUser(tx, actor.userId);
        if (before !== null) await repo.setAvatar(tx, actor.userId, null, now());
        return before;
      });
      const previousKey = avatarKeyOf(previous);
      if (previousKey) await deleteBlobs(deps, [previousKey]);
    },

    /** The stored WebP of `/api/avatars/<file>`; unknown or malformed names are not found. */
    async file(file: string): Promise<Readable> {
      const key = avatarKeyOfFile(file);
      const body = key ? await storage.get(key) : null;
      if (!body) throw notFound(documentMessages.avatarNotFound);
      return body;
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
