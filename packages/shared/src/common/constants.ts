/** Business constants, shared by the API and the web app. */
export const SNACKBAR_TIMEOUT_MS = 6000;
export const OPPORTUNITY_PAGE_SIZE_DEFAULT = 25;
export const OPPORTUNITY_PAGE_SIZE_UI = 10;
export const CRITICAL_ACTION_PRIORITY = 5;
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 5000,
  maximumAge: 0,
} as const;
export const EARTH_RADIUS_KM = 6371;
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const EMAIL_LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;
export const EMAIL_RESEND_REFRESH_DELAY_MS = 7000;
export const LOCATION_SEARCH_MIN_CHARS = 3;
export const LOCATION_SEARCH_DEBOUNCE_MS = 300;
export const TYPING_BUBBLE_DELAY_MS = 800;
export const TYPING_MS_PER_CHAR = 50;
export const TYPING_MAX_MS = 2000;
export const SIGNUP_LOADER_MS = 2500;
export const SIGNUP_STEP_MINUTES = {
  Email: 0,
  Name: 1,
  Identification: 1,
  'Finish Up': 0,
} as const;
export const NOTIFICATION_IMAGE_MAX_PX = 400;
export const MAP = {
  defaultZoom: 12,
  minZoom: 5,
  maxZoom: 17,
  disableClusteringAtZoom: 12,
} as const;
export const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 } as const;
export const DATE_DISPLAY_FORMAT = 'd MMMM yyy';

/**
 * Sessions: the access token lives 30 minutes and the web app refreshes it while the user is
 * active, so its expiry means inactivity; a session ends absolutely after 12 hours.
 */
export const ACCESS_TOKEN_TTL_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
