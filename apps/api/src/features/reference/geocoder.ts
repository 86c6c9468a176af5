import { isCountryCode } from '@pathways/shared/reference/countries';
import { z } from 'zod';

import type { GeocoderConfig } from '../../config/env.ts';

/** A place search that failed upstream: 503 when the geocoder is unreachable, 502 when it erred. */
export class GeocoderError extends Error {
  readonly status: 502 | 503;
  constructor(status: 502 | 503, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderError';
    this.status = status;
  }
}

/** A place as the geocoder describes it, ready to be stored in `locations`. */
export interface GeocodedPlace {
  address: string;
  country: string;
  city: string | null;
  province: string | null;
  kind: string | null;
  latitude: number;
  longitude: number;
}

const coordinate = z.union([z.number(), z.string().trim().min(1)]).pipe(z.coerce.number());

// Nominatim's `format=jsonv2` result, as far as it is used. Other fields are ignored.
const nominatimPlace = z.object({
  lat: coordinate.pipe(z.number().min(-90).max(90)),
  lon: coordinate.pipe(z.number().min(-180).max(180)),
  display_name: z.string().trim().min(1),
  name: z.string().nullish(),
  addresstype: z.string().nullish(),
  type: z.string().nullish(),
  address: z
    .object({
      country_code: z.string().nullish(),
      state: z.string().nullish(),
      province: z.string().nullish(),
    })
    .loose()
    .nullish(),
});
const nominatimResponse = z.array(z.unknown());

const MAX_RESPONSE_BYTES = 1024 * 1024;

/** The `/search` address of a geocoder base URL (a base that already ends in /search is kept). */
export function searchUrl(config: GeocoderConfig, term: string, limit: number): URL {
  const url = new URL(config.url);
  if (!url.pathname.replace(/\/+$/, '').endsWith('/search')) {
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
  }
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('q', term);
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(limit));
  if (config.countryCodes.length > 0) {
    url.searchParams.set('countrycodes', config.countryCodes.join(','));
  }
  return url;
}

/** Nominatim results to places; results without a usable country or coordinates are skipped. */
export function toGeocodedPlaces(body: unknown): GeocodedPlace[] {
  const list = nominatimResponse.safeParse(body);
  if (!list.success) throw new GeocoderError(502, 'The geocoder answered something unexpected');
  const places: GeocodedPlace[] = [];
  for (const item of list.data) {
    const parsed = nominatimPlace.safeParse(item);
    if (!parsed.success) continue;
    const p = parsed.data;
    const country = p.address?.country_code?.toUpperCase();
    if (!isCountryCode(country)) continue;
    places.push({
      address: p.display_name,
      country,
      city: p.name || null,
      province: p.address?.state ?? p.address?.province ?? null,
      kind: p.addresstype ?? p.type ?? null,
      latitude: p.lat,
      longitude: p.lon,
    });
  }
  return places;
}

export interface Geocoder {
  search(term: string, limit: number): Promise<GeocodedPlace[]>;
}

/**
 * A client of a Nominatim-compatible geocoder. It gives up after the configured timeout, and any
 * failure (unreachable, timeout, error status, malformed answer) becomes a GeocoderError.
 */
export function createGeocoder(
  config: GeocoderConfig,
  options: { userAgent: string; fetch?: typeof fetch },
): Geocoder {
  const doFetch = options.fetch ?? fetch;
  return {
    async search(term, limit) {
      let response: Response;
      try {
        response = await doFetch(searchUrl(config, term, limit), {
          headers: { accept: 'application/json', 'user-agent': options.userAgent },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (cause) {
        throw new GeocoderError(503, 'The geocoder could not be reached', { cause });
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        const unavailable = response.status === 429 || response.status === 503;
        throw new GeocoderError(
          unavailable ? 503 : 502,
          `The geocoder answered ${response.status}`,
        );
      }
      let body: unknown;
      try {
        const text = await response.text();
        if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES) {
          throw new GeocoderError(502, 'The geocoder answered too much');
        }
        body = JSON.parse(text);
      } catch (cause) {
        if (cause instanceof GeocoderError) throw cause;
        // A timeout while the body streams in is the geocoder being slow, not wrong.
        const slow = cause instanceof DOMException && cause.name === 'TimeoutError';
        throw new GeocoderError(
          slow ? 503 : 502,
          slow ? 'The geocoder took too long' : 'The geocoder answered something unexpected',
          { cause },
        );
      }
      return toGeocodedPlaces(body);
    },
  };
}
