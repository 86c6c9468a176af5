import { isStorageKey, newStorageKey } from '../../lib/storage.ts';

// A picture that stands for its owner (a candidate's avatar, an organization's logo) lives under
// `<root>/<owner id>/<folder>/`, each under a new random name, so a picture's address never
// shows different bytes and can be cached for good.

export interface PictureKeys {
  /** A new storage key for the owner's next picture. */
  newKey: (ownerId: number) => string;
  /** `<root>/7/<folder>/<random>.webp` is served as `<urlPrefix>7-<random>.webp`. */
  urlOf: (key: string) => string;
  /** The storage key behind a file name of ours; null for any other name. */
  keyOfFile: (file: string) => string | null;
  /** The storage key behind an address made here; null for any other value. */
  keyOf: (url: string | null | undefined) => string | null;
}

const FILE = /^(\d{1,10})-([A-Za-z0-9_-]{22})\.webp$/;

/** The keys and addresses of one kind of picture (`root` and `folder` are plain words). */
export function pictureKeys(root: string, folder: string, urlPrefix: string): PictureKeys {
  const keyPattern = new RegExp(`^${root}/(\\d{1,10})/${folder}/([A-Za-z0-9_-]{22})\\.webp$`);
  const keyOfFile = (file: string): string | null => {
    const match = FILE.exec(file);
    if (!match) return null;
    const key = `${root}/${match[1]}/${folder}/${match[2]}.webp`;
    return isStorageKey(key) ? key : null;
  };
  return {
    newKey: (ownerId) => newStorageKey(`${root}/${ownerId}/${folder}`, 'webp'),
    urlOf(key) {
      const match = keyPattern.exec(key);
      if (!match) throw new Error(`not a key of ${root}/…/${folder}: ${key}`);
      return `${urlPrefix}${match[1]}-${match[2]}.webp`;
    },
    keyOfFile,
    keyOf: (url) => (url?.startsWith(urlPrefix) ? keyOfFile(url.slice(urlPrefix.length)) : null),
  };
}
