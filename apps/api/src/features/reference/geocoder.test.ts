import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config/env.ts';
import { GeocoderError, searchUrl, toGeocodedPlaces } from './geocoder.ts';
import { escapeLike } from '../../db/like.ts';

const config = { url: 'https://geo.example.test', timeoutMs: 1000, countryCodes: ['za', 'na'] };

describe('searchUrl', () => {
  it('asks /search for jsonv2 with address details, a limit and the countries', () => {
    const url = searchUrl(config, 'Cape Town & co', 10);
    expect(url.origin + url.pathname).toBe('https://geo.example.test/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'jsonv2',
      q: 'Cape Town & co',
      addressdetails: '1',
      limit: '10',
      countrycodes: 'za,na',
    });
  });

  it.each([
    ['https://geo.example.test/', 'https://geo.example.test/search'],
    ['https://geo.example.test/nominatim', 'https://geo.example.test/nominatim/search'],
    ['https://geo.example.test/nominatim/search', 'https://geo.example.test/nominatim/search'],
    ['https://geo.example.test/search/', 'https://geo.example.test/search/'],
  ])('%s searches at %s', (base, expected) => {
    const url = searchUrl({ ...config, url: base }, 'x', 1);
    expect(url.origin + url.pathname).toBe(expected);
  });

  it('searches the whole world when no countries are configured', () => {
    expect(
      searchUrl({ ...config, countryCodes: [] }, 'Paris', 5).searchParams.has('countrycodes'),
    ).toBe(false);
  });
});

describe('toGeocodedPlaces', () => {
  it('maps Nominatim results and skips those without a country or coordinates', () => {
    expect(
      toGeocodedPlaces([
        {
          lat: '-26.2041',
          lon: '28.0473',
          name: 'Johannesburg',
          addresstype: 'city',
          display_name: 'Johannesburg, City of Johannesburg, Gauteng, South Africa',
          address: { state: 'Gauteng', country_code: 'za', city: 'Johannesburg' },
        },
        { lat: '1', lon: '2', display_name: 'Somewhere at sea' },
        { lat: '95', lon: '2', display_name: 'Beyond the pole', address: { country_code: 'za' } },
        { lat: '1', lon: '2', display_name: '', address: { country_code: 'za' } },
        { lat: '1', lon: '2', display_name: 'Nowhere', address: { country_code: 'qq' } },
        'not an object',
      ]),
    ).toEqual([
      {
        address: 'Johannesburg, City of Johannesburg, Gauteng, South Africa',
        country: 'ZA',
        city: 'Johannesburg',
        province: 'Gauteng',
        kind: 'city',
        latitude: -26.2041,
        longitude: 28.0473,
      },
    ]);
  });

  it('refuses an answer that is not a list', () => {
    expect(() => toGeocodedPlaces({ error: 'Unable to geocode' })).toThrow(GeocoderError);
    try {
      toGeocodedPlaces(null);
    } catch (error) {
      expect((error as GeocoderError).status).toBe(502);
    }
  });
});

describe('escapeLike', () => {
  it('makes LIKE wildcards literal', () => {
    expect(escapeLike('100%_sure\\')).toBe('100\\%\\_sure\\\\');
    expect(escapeLike('Cape Town')).toBe('Cape Town');
  });
});

describe('geocoder settings', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/pathways-config-test' };

  it('uses the bundled gazetteer unless GEOCODER_URL is set', () => {
    expect(loadConfig(env).geocoder).toBeUndefined();
    expect(loadConfig({ ...env, GEOCODER_URL: 'https://geo.example.test' }).geocoder).toEqual({
      url: 'https://geo.example.test',
      timeoutMs: 5000,
      countryCodes: ['za', 'na', 'bw', 'zw', 'ls', 'sz', 'mz'],
    });
  });

  it('reads the timeout and the countries, "all" meaning the whole world', () => {
    const config = loadConfig({
      ...env,
      GEOCODER_URL: 'https://geo.example.test',
      GEOCODER_TIMEOUT_MS: '1500',
      GEOCODER_COUNTRY_CODES: 'ZA,NG',
    });
    expect(config.geocoder).toMatchObject({ timeoutMs: 1500, countryCodes: ['za', 'ng'] });
    const world = loadConfig({
      ...env,
      GEOCODER_URL: 'https://geo.example.test',
      GEOCODER_COUNTRY_CODES: 'all',
    });
    expect(world.geocoder?.countryCodes).toEqual([]);
  });

  it('refuses malformed settings', () => {
    expect(() => loadConfig({ ...env, GEOCODER_URL: 'not a url' })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ ...env, GEOCODER_COUNTRY_CODES: 'south africa' })).toThrow(
      /GEOCODER_COUNTRY_CODES/,
    );
    expect(() => loadConfig({ ...env, GEOCODER_TIMEOUT_MS: '0' })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });
});
