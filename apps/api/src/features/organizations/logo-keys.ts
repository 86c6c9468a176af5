import { isStorageKey, newStorageKey } from '../../lib/storage.ts';

// An organization's logos live under `organizations/<id>/logos/`, each under a new random
// name, so a logo address never shows different bytes and can be cached for good.

export const newLogoKey = (organizationId: number) =>
  newStorageKey(`organizations/${organizationId}/logos`, 'webp');

const LOGO_URL_PREFIX = '/api/organization_logos/';
const LOGO_KEY = /^organizations\/(\d{1,10})\/logos\/([A-Za-z0-9_-]{22})\.webp$/;
const LOGO_FILE = /^(\d{1,10})-([A-Za-z0-9_-]{22})\.webp$/;

/** `organizations/7/logos/<random>.webp` is served as `/api/organization_logos/7-<random>.webp`. */
export function logoUrlOf(key: string): string {
  const match = LOGO_KEY.exec(key);
  if (!match) throw new Error(`not a logo key: ${key}`);
  return `${LOGO_URL_PREFIX}${match[1]}-${match[2]}.webp`;
}

/** The storage key behind a logo file name of ours; null for any other name. */
export function logoKeyOfFile(file: string): string | null {
  const match = LOGO_FILE.exec(file);
  if (!match) return null;
  const key = `organizations/${match[1]}/logos/${match[2]}.webp`;
  return isStorageKey(key) ? key : null;
}

/** The storage key behind a logo address this feature made; null for any other value. */
export function logoKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(LOGO_URL_PREFIX)) return null;
  return logoKeyOfFile(url.slice(LOGO_URL_PREFIX.length));
}
