import type { AnalyticsDimension } from '@pathways/shared/analytics/analytics.schemas';
import { sql, type SQL } from 'drizzle-orm';

// The groups of each dimension as SQL, shared by the breakdowns of the rows and the counts kept
// per organization: their keys and labels, the places of home grid points, and the rows a
// breakdown's statement returns.

/** One group of a breakdown as SQL reports it: the count already suppressed below 5. */
export interface BreakdownRow {
  /** `total`: the number of people counted, asked for with `withTotal`. */
  dimension: AnalyticsDimension | 'total';
  key: string;
  label: string;
  count: number | null;
  /** Median days (time in phase only); for `total`, the number of people as shown. */
  value: number | null;
}

/** The key and label of each dimension, over `x`, `p` and the joins `joinsFor` adds. */
export const dimensionSql: Record<AnalyticsDimension, { key: SQL; label: SQL; group?: SQL }> = {
  week: {
    group: sql`date_trunc('week', x.at at time zone 'UTC')`,
    key: sql`to_char(date_trunc('week', x.at at time zone 'UTC'), 'YYYY-MM-DD')`,
    label: sql`to_char(date_trunc('week', x.at at time zone 'UTC'), 'YYYY-MM-DD')`,
  },
  // Grouped by ids (their names follow from them): integers sort faster than the labels.
  opportunity: { group: sql`o.id`, key: sql`o.id::text`, label: sql`o.name` },
  phase: {
    group: sql`o.id, ph.id`,
    key: sql`coalesce(ph.id::text, 'none')`,
    label: sql`coalesce(ph.name || ' (' || o.name || ')', 'Not in a phase')`,
  },
  province: {
    key: sql`coalesce(near.province, 'not_stated')`,
    label: sql`coalesce(near.province, 'Not stated')`,
  },
  city: {
    key: sql`coalesce(near.city || ', ' || near.province, near.city, 'not_stated')`,
    label: sql`coalesce(near.city || ', ' || near.province, near.city, 'Not stated')`,
  },
  institution: {
    key: sql`coalesce(i.id::text, case when q.id is null then 'none' else 'other' end)`,
    label: sql`coalesce(i.name, case when q.id is null then 'No qualification stated' else 'Another institution' end)`,
  },
  qualificationType: {
    key: sql`coalesce(qt.id::text, case when q.id is null then 'none' else 'other' end)`,
    label: sql`coalesce(qt.name::text, case when q.id is null then 'No qualification stated' else 'Another type' end)`,
  },
  gender: { key: sql`coalesce(p.gender::text, 'not_stated')`, label: sql`''` },
  ethnicity: { key: sql`coalesce(p.ethnicity::text, 'not_stated')`, label: sql`''` },
  disability: {
    key: sql`case p.disability when true then 'yes' when false then 'no' else 'not_stated' end`,
    label: sql`''`,
  },
};

/**
 * A home's point rounded to a grid of 0.05 degrees (about 5 km), the unit places are looked up
 * by: stored with the profile, so a call does not work it out for every person.
 */
export const gridLat = sql`p.grid_latitude`;
export const gridLng = sql`p.grid_longitude`;

/**
 * The place of each grid point `lat`, `lng` (numeric columns of the rows being read) as `pl`
 * (its `province`, and `coalesce(pl.city, pl.address)` for the city): the gazetteer place
 * nearest the point, as the database keeps it per point (`grid_places`, kept by triggers on the
 * profiles and the places), joined as a set. A point not kept (none should be) is looked up
 * with the same rule (`nearest_place`), only for that point.
 */
export function placeJoins(lat: SQL, lng: SQL): SQL {
  // The lookup is a subquery of the coalesce: it runs only for a point without a row.
  return sql`
    left join grid_places gp on gp.grid_latitude = ${lat} and gp.grid_longitude = ${lng}
    left join locations pl on pl.id = coalesce(gp.location_id, (
      select np.location_id from nearest_place(${lat}::float8, ${lng}::float8) np))`;
}

/** The joins a breakdown of the rows (`x`, with the profile as `p`) needs for a dimension. */
export function joinsFor(dimension: AnalyticsDimension): SQL {
  switch (dimension) {
    case 'opportunity':
      return sql`join opportunities o on o.id = x.opportunity_id`;
    case 'phase':
      return sql`join opportunities o on o.id = x.opportunity_id left join phases ph on ph.id = x.phase_id`;
    case 'province':
    case 'city':
      // Each row's home point joined to its place, as `near`: no pass over the rows to find
      // the points first.
      return sql`${placeJoins(gridLat, gridLng)}
        cross join lateral (select pl.province, coalesce(pl.city, pl.address) as city) near`;
    case 'institution':
      return sql`left join profile_qualifications q on q.profile_id = p.id left join institutions i on i.id = q.institution_id`;
    case 'qualificationType':
      return sql`left join profile_qualifications q on q.profile_id = p.id left join qualification_types qt on qt.id = q.qualification_type_id`;
    default:
      return sql``;
  }
}

/** Dimensions read from the row itself (when, which opportunity, which phase). */
export const rowDimensions = new Set<AnalyticsDimension>(['week', 'opportunity', 'phase']);

/** Dimensions of the person that put each person in one group: counted in one pass over the people. */
export const personSets: Partial<Record<AnalyticsDimension, { set: string; columns: SQL }>> = {
  gender: { set: 'gender', columns: sql`p.gender` },
  ethnicity: { set: 'ethnicity', columns: sql`p.ethnicity` },
  disability: { set: 'disability', columns: sql`p.disability` },
  // Where people come from is counted per point of the 5 km grid, then per place of the points.
  province: { set: 'grid', columns: sql`p.glat, p.glng` },
  city: { set: 'grid', columns: sql`p.glat, p.glng` },
};

/** The column of `person_groups` a set's first column is grouped by, to tell the sets apart. */
export const setMarker: Record<string, SQL> = {
  gender: sql`p.gender`,
  ethnicity: sql`p.ethnicity`,
  disability: sql`p.disability`,
  grid: sql`p.glat`,
};

/**
 * Dimensions where one person may have several qualifications: the column of `quals` (the
 * people's qualifications) each is read from, and where its names are.
 */
export const qualificationSql: Partial<
  Record<AnalyticsDimension, { column: string; table: string; name: string; other: string }>
> = {
  institution: {
    column: 'institution',
    table: 'institutions',
    name: 'i.name',
    other: 'Another institution',
  },
  qualificationType: {
    column: 'type',
    table: 'qualification_types',
    name: 'i.name::text',
    other: 'Another type',
  },
};

/** A breakdown's row as the driver returns it (counts may come as strings). */
export interface RawBreakdownRow {
  dimension: AnalyticsDimension | 'total';
  key: string;
  label: string;
  count: number | string | null;
  value: number | string | null;
}

export const breakdownRow = (r: RawBreakdownRow): BreakdownRow => ({
  dimension: r.dimension,
  key: r.key,
  label: r.label,
  count: r.count === null ? null : Number(r.count),
  value: r.value === null ? null : Number(r.value),
});
