import { isStorageKey, newStorageKey } from '../../lib/storage.ts';

// A campaign's header image is stored under `campaigns/<id>/images/` and served publicly at
// `/api/campaign_images/<id>-<random>.webp`: a new image gets a new name, so a fetched one
// never changes and can be cached for good.

/** The widest and tallest a stored campaign image is (a header banner). */
export const CAMPAIGN_IMAGE_MAX_WIDTH = 1600;
export const CAMPAIGN_IMAGE_MAX_HEIGHT = 900;

const URL_PREFIX = '/api/campaign_images/';
const KEY = /^campaigns\/(\d{1,10})\/images\/([A-Za-z0-9_-]{22})\.webp$/;
const FILE = /^(\d{1,10})-([A-Za-z0-9_-]{22})\.webp$/;

export const newCampaignImageKey = (campaignId: number) =>
  newStorageKey(`campaigns/${campaignId}/images`, 'webp');

export function campaignImageUrlOf(key: string): string {
  const match = KEY.exec(key);
  if (!match) throw new Error(`not a campaign image key: ${key}`);
  return `${URL_PREFIX}${match[1]}-${match[2]}.webp`;
}

/** The storage key behind a file name of ours; null for any other name. */
export function campaignImageKeyOfFile(file: string): string | null {
  const match = FILE.exec(file);
  if (!match) return null;
  const key = `campaigns/${match[1]}/images/${match[2]}.webp`;
  return isStorageKey(key) ? key : null;
}

/** The storage key behind an image URL this feature made; null for any other value. */
export function campaignImageKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(URL_PREFIX)) return null;
  return campaignImageKeyOfFile(url.slice(URL_PREFIX.length));
}
