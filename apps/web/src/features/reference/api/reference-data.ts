/** Reference lists change rarely: an hour's cache saves a phone the downloads. */
export const REFERENCE_STALE_MS = 60 * 60 * 1000;
