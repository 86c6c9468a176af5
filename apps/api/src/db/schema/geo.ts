import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  type ExtraConfigColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';

// Helpers for tables that carry a point. Not exported from index.ts: they are not tables.

/** Latitude and longitude in degrees (WGS 84). */
export const coordinates = () => ({
  latitude: doublePrecision(),
  longitude: doublePrecision(),
});

export const requiredCoordinates = () => ({
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
});

/** `ll_to_earth(latitude, longitude)`: the expression the GiST indexes are built on. */
export function earthPoint(latitude: PgColumn, longitude: PgColumn): SQL {
  return sql`ll_to_earth(${latitude}, ${longitude})`;
}

/**
 * The GiST index distance search sorts with:
 * `ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2)`.
 */
export function earthIndex(name: string, t: { latitude: PgColumn; longitude: PgColumn }) {
  return index(name).using('gist', earthPoint(t.latitude, t.longitude));
}

/** Both coordinates or neither, each within range. */
export function coordinateChecks(table: string, t: { latitude: PgColumn; longitude: PgColumn }) {
  return [
    check(`${table}_latitude_range`, sql`${t.latitude} between -90 and 90`),
    check(`${table}_longitude_range`, sql`${t.longitude} between -180 and 180`),
    check(`${table}_coordinates_together`, sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ];
}

/** A two-letter upper-case code (ISO 3166-1 alpha-2). */
export function countryCheck(name: string, column: PgColumn) {
  return check(name, sql`${column} ~ '^[A-Z]{2}$'`);
}

/** A trigram index for `name ILIKE '%…%'` (text columns; for citext index `(col::text)`). */
export function trigramIndex(name: string, column: ExtraConfigColumn) {
  return index(name).using('gin', column.op('gin_trgm_ops'));
}
