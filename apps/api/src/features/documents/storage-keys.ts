import { newStorageKey } from '../../lib/storage.ts';
import { pictureKeys } from './picture-keys.ts';

// Every file of a user lives under `users/<id>/`, so all of them can be removed by their
// folder alone, even after the rows that named them are gone (account deletion).

export const userFolder = (userId: number) => `users/${userId}`;

export const newDocumentKey = (userId: number, extension: string) =>
  newStorageKey(`${userFolder(userId)}/documents`, extension);

/** A candidate's avatars: `users/42/avatars/<random>.webp`, served as `/api/avatars/42-<random>.webp`. */
export const avatarKeys = pictureKeys('users', 'avatars', '/api/avatars/');
