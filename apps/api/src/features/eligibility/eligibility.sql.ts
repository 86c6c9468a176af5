// SQL twins of the shared eligibility rules: each is held equal to its TypeScript rule by a test.
import { EARTH_RADIUS_KM } from '@pathways/shared/common/constants';
import { COMPLETE_PROFILE } from '@pathways/shared/eligibility/client-eligibilities.rules';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { candidateProfiles as p, eligibilities as e } from '../../db/schema/index.ts';

/**
 * The hidden-rows rule in SQL, over `eligibilities` and the candidate's `candidate_profiles`
 * row: not referred, and the profile incomplete or the candidate not eligible (an unchecked row
 * counts as not eligible). Always true or false. The pure twin is `isHiddenEligibility` of the
 * shared client eligibility rules; a test holds the two equal.
 */
export const isHiddenEligibilitySql: SQL = sql`(${e.referredAt} is null and (coalesce(${p.completion}, 0) < ${sql.raw(String(COMPLETE_PROFILE))} or ${e.eligible} is not true))`;

/**
 * The great-circle distance in km from a point to a row's coordinates, by the haversine on a
 * sphere of the earth's radius: the SQL twin of `distanceKm` (a property test holds them equal).
 */
export function distanceKmSql(
  latitude: SQL | PgColumn,
  longitude: SQL | PgColumn,
  home: { latitude: number; longitude: number },
): SQL {
  const lat = sql`${home.latitude}::float8`;
  const lon = sql`${home.longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${latitude})) * power(sin(radians(${longitude} - ${lon}) / 2), 2)))))`;
}
