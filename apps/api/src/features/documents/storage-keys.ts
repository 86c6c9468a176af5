import { isStorageKey, newStorageKey } from '../../lib/storage.ts';

// Every file of a user lives under `users/<id>/`, so all of them can be removed by their
// folder alone, even after the rows that named them are gone (account deletion).

export const userFolder = (userId: number) => `users/${userId}`;

export const newDocumentKey = (userId: number, extension: string) =>
  newStorageKey(`${userFolder(userId)}/documents`, extension);

export const newAvatarKey = (userId: number) =>
  newStorageKey(`${userFolder(userId)}/avatars`, 'webp');

const AVATAR_URL_PREFIX = '/api/avatars/';
const AVATAR_KEY = /^users\/(\d{1,10})\/avatars\/([A-Za-z0-9_-]{22})\.webp$/;
const AVATAR_FILE = /^(\d{1,10})-([A-Za-z0-9_-]{22})\.webp$/;

/** `users/42/avatars/<random>.webp` is served as `/api/avatars/42-<random>.webp`. */
export function avatarUrlOf(key: string): string {
  const match = AVATAR_KEY.exec(key);
  if (!match) throw new Error(`not an avatar key: ${key}`);
  return `${AVATAR_URL_PREFIX}${match[1]}-${match[2]}.webp`;
}

/** The storage key behind an avatar file name of ours; null for any other name. */
export function avatarKeyOfFile(file: string): string | null {
  const match = AVATAR_FILE.exec(file);
  if (!match) return null;
  const key = `users/${match[1]}/avatars/${match[2]}.webp`;
  return isStorageKey(key) ? key : null;
}

/** The storage key behind an avatar URL this feature made; null for any other value. */
export function avatarKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  return avatarKeyOfFile(url.slice(AVATAR_URL_PREFIX.length));
}
