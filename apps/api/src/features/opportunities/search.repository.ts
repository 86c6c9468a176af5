import type {
  OpportunityKind,
  SortDirection,
} from '@pathways/shared/opportunities/opportunities.schemas';
import { EARTH_RADIUS_KM } from '@pathways/shared/common/constants';
import { sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { isOpenSql } from './opportunities.sql.ts';

// Every query of the opportunity search and the map: which opportunities match, how many, and
// one page of them in order. Written as SQL because their shape is the point: the distance
// order comes from the GiST index on ll_to_earth(latitude, longitude) (see NearestStrategy).

export interface Point {
  latitude: number;
  longitude: number;
}

/** What a search is narrowed to. Absent lists and false flags do not narrow. */
export interface SearchFilters {
  kinds?: OpportunityKind[];
  organizationIds?: number[];
  disciplineIds?: number[];
  qualificationTypeIds?: number[];
  /** Open for applications now: opensAt before now and closesAt after now. */
  open?: boolean;
  /** Closed ones too; without it a search lists only those open or still to open. */
  includeClosed?: boolean;
  /** Only opportunities this candidate's stored eligibility says they qualify for. */
  eligibleCandidateId?: number;
  /** Text in the opportunity's or its organization's name. */
  search?: string;
}

export interface SearchScope {
  now: Date;
  filters: SearchFilters;
}

export interface Paging {
  limit: number;
  offset: number;
}

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from user input. */

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}::int`),
    sql`, `,
  );

/** The GiST-indexed expression of a location (see db/schema/geo.ts) and of a point. */
export const earthOf = (alias: string) =>
  sql.raw(`ll_to_earth(${alias}.latitude, ${alias}.longitude)`);
export const earthAt = (p: Point) =>
  sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8)`;

/**
 * Great-circle metres from `p` to a location on the product's 6371 km earth (haversine). The KNN
 * operator orders by chord length on earthdistance's own sphere (`earth()` is 6 378 168 m): the
 * same order, another scale, so distances returned are always computed with this.
 */
export function haversineSql(alias: string, p: Point): SQL {
  const lat = sql.raw(`${alias}.latitude`);
  const lng = sql.raw(`${alias}.longitude`);
  const meters = EARTH_RADIUS_KM * 1000;
  return sql`(${2 * meters}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${p.latitude}::float8) / 2), 2)
    + cos(radians(${p.latitude}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lng} - ${p.longitude}::float8) / 2), 2)))))`;
}

/**
 * Not isClosed() of the shared window rules, in SQL, on an opportunity row aliased `o`: no
 * closing moment, or one after `at`. On the bare column, so an index on `closes_at` can serve it.
 * A test holds the two equal.
 */
export const notClosedSql = (at: SQL): SQL => sql`(o.closes_at is null or o.closes_at > ${at})`;

/**
 * Newest first, on an opportunity row aliased `o`: those already opened (as isOpen() counts
 * opening), the latest opening first; then those still to open, the soonest first; then those
 * without an opening date. Ties by id, highest first. What is not open yet never leads a list
 * sorted newest first: it waits behind everything a candidate can apply to today.
 */
export const newestFirstSql = (at: SQL): SQL =>
  sql`case when o.opens_at < ${at} then 0 when o.opens_at is not null then 1 else 2 end,
    case when o.opens_at < ${at} then o.opens_at end desc, o.opens_at asc, o.id desc`;

/**
 * Conditions on an opportunity row aliased `o`: published, not closed unless asked, and every
 * filter. Used alike by the
 * count, every page query and the map, so they can never disagree.
 */
function conditions(scope: SearchScope): SQL {
  const { now, filters: f } = scope;
  const at = sql`${now.toISOString()}::timestamptz`;
  const parts: SQL[] = [sql`o.published_at <= ${at}`];
  if (f.kinds?.length) {
    parts.push(
      sql`o.kind in (${sql.join(
        f.kinds.map((k) => sql`${k}::opportunity_kind`),
        sql`, `,
      )})`,
    );
  }
  if (f.organizationIds?.length) parts.push(sql`o.organization_id in (${ids(f.organizationIds)})`);
  if (f.open) parts.push(isOpenSql(at));
  if (!f.includeClosed) parts.push(notClosedSql(at));
  // Discipline and qualification type read the opportunity's `qualification` requirements
  // (packages/shared/src/eligibility/criteria.ts): the filters find opportunities whose
  // qualification requirement a qualification in that field, or of that type, can meet.
  if (f.disciplineIds?.length) {
    const any = sql.join(
      f.disciplineIds.map((id) => sql`r.criterion -> 'disciplineIds' @> ${`[${id}]`}::jsonb`),
      sql` or `,
    );
    parts.push(sql`exists (select 1 from requirements r
      where r.opportunity_id = o.id and r.kind = 'qualification' and (${any}))`);
  }
  if (f.qualificationTypeIds?.length) {
    // The criterion's type list names the type, or the type's NQF level reaches its minimum
    // (either, when both are given); a criterion with neither accepts every type.
    const listed = sql.join(
      f.qualificationTypeIds.map(
        (id) => sql`r.criterion -> 'qualificationTypeIds' @> ${`[${id}]`}::jsonb`,
      ),
      sql` or `,
    );
    parts.push(sql`exists (select 1 from requirements r
      where r.opportunity_id = o.id and r.kind = 'qualification' and (
        (r.criterion -> 'qualificationTypeIds' is null and r.criterion -> 'minimumNqfLevel' is null)
        or (${listed})
        or (jsonb_typeof(r.criterion -> 'minimumNqfLevel') = 'number' and exists (
          select 1 from qualification_types qt
          where qt.id in (${ids(f.qualificationTypeIds)})
            and qt.nqf_level >= (case when jsonb_typeof(r.criterion -> 'minimumNqfLevel') = 'number'
              then (r.criterion ->> 'minimumNqfLevel')::numeric end)))))`);
  }
  if (f.eligibleCandidateId !== undefined) {
    parts.push(sql`exists (select 1 from eligibilities e
      where e.opportunity_id = o.id and e.candidate_id = ${f.eligibleCandidateId}::int
        and e.eligible)`);
  }
  if (f.search) {
    // Names are text (not citext), so ILIKE can use their trigram indexes when it is selective.
    const pattern = containsPattern(f.search);
    parts.push(sql`(o.name ilike ${pattern} or o.organization_id in (
      select org.id from organizations org where org.name ilike ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

export interface Counts {
  /** Published opportunities that match: the search's `total`. */
  total: number;
  /** All published opportunities: with `total`, how rare matches are along a distance walk. */
  published: number;
}

/** One pass over the published opportunities gives both counts. */
export async function countMatching(db: DbOrTx, scope: SearchScope): Promise<Counts> {
  const [row] = await rowsOf<Counts>(db, countsSql(scope));
  return { total: Number(row?.total ?? 0), published: Number(row?.published ?? 0) };
}

/** The statement of countMatching: one row, `total` and `published`. */
export function countsSql(scope: SearchScope): SQL {
  const at = sql`${scope.now.toISOString()}::timestamptz`;
  return sql`select count(*) filter (where ${conditions(scope)})::int as total,
        count(*)::int as published
      from opportunities o where o.published_at <= ${at}`;
}

/** How many matching opportunities have no location at all (they follow the located ones). */
export async function countUnlocated(db: DbOrTx, scope: SearchScope): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from opportunities o
      where ${conditions(scope)}
        and not exists (select 1 from opportunity_locations l where l.opportunity_id = o.id)`,
  );
  return Number(row?.total ?? 0);
}

/**
 * How a distance page is found.
 * - `walk`: read the `batch` nearest locations from the GiST index (KNN, the one plan every
 *   PostgreSQL picks for ORDER BY <-> LIMIT on one table), keep each opportunity's first, join
 *   and filter, page. A batch too small to fill the page is read again four times larger.
 *   Reads about `(offset + limit) * locations per opportunity / share of matches` locations.
 * - `matching`: take the matching opportunities, find each one's nearest location (a lookup by
 *   opportunity), sort. Reads every match: for narrow filters, and for DESC, which no walk
 *   from the point can give.
 * A single statement joining the walk to the filters was tried first: planners misjudge how
 * many walked rows survive the filters and fall back to reading and sorting the whole table
 * (PostgreSQL 15 did, at 20 000 locations). Bounding the walk by a LIMIT of its own fixes the
 * plan.
 */
export type NearestStrategy = 'walk' | 'matching';

/**
 * One batch of the walk. Rows at the batch's farthest distance are left out when the batch is
 * full (another location at that same distance may be outside it), so every row returned is
 * in its final place. `scanned` says how many locations the batch held; `knn` orders the page.
 */
export function nearestWalkSql(
  scope: SearchScope,
  center: Point,
  paging: Paging,
  batch: number | SQL,
): SQL {
  const here = earthAt(center);
  return sql`with near as materialized (
      select ol.id, ol.opportunity_id, ${earthOf('ol')} <-> ${here} as knn
      from opportunity_locations ol
      order by ${earthOf('ol')} <-> ${here}
      limit ${batch}),
    edge as (select count(*)::int as scanned, max(knn) as farthest from near),
    firsts as (
      select distinct on (opportunity_id) opportunity_id, knn
      from near
      order by opportunity_id, knn)
    select edge.scanned, page.id, page.knn
    from edge
    left join lateral (
      select f.opportunity_id as id, f.knn
      from firsts f
      join opportunities o on o.id = f.opportunity_id
      where (edge.scanned < ${batch} or f.knn < edge.farthest) and ${conditions(scope)}
      order by f.knn, f.opportunity_id
      limit ${paging.limit} offset ${paging.offset}) page on true
    order by page.knn, page.id`;
}

/** One page by measuring every matching opportunity's nearest location. */
export function nearestMatchingSql(
  scope: SearchScope,
  center: Point,
  direction: SortDirection,
  paging: Paging,
): SQL {
  const dir = sql.raw(direction);
  return sql`select o.id
    from opportunities o
    cross join lateral (
      select ${earthOf('x')} <-> ${earthAt(center)} as knn
      from opportunity_locations x
      where x.opportunity_id = o.id
      order by 1
      limit 1) nearest
    where ${conditions(scope)}
    order by nearest.knn ${dir}, o.id ${dir}
    limit ${paging.limit} offset ${paging.offset}`;
}

/** The first batch of a walk: enough, on average, to fill the page at once. */
export function firstBatch(paging: Paging, counts: Counts): number {
  const rarity = counts.published / Math.max(1, counts.total);
  return Math.max(64, Math.ceil((paging.offset + paging.limit) * rarity * 2.5));
}

/**
 * firstBatch in SQL, of a row with `total` and `published` (countsSql); 0 when fewer than
 * `walkMinMatches` match, where no walk is made. A test holds the two equal.
 */
export function firstBatchSql(paging: Paging, walkMinMatches: number): SQL {
  const reach = paging.offset + paging.limit;
  return sql`case when total >= ${walkMinMatches}::int
      then greatest(64, ceil(${reach}::float8 * (published::float8 / greatest(1, total)) * 2.5))::int
      else 0 end`;
}

/** Ids of one page of located opportunities, nearest (or farthest) first, ties by id. */
export async function pageNearest(
  db: DbOrTx,
  scope: SearchScope,
  center: Point,
  direction: SortDirection,
  paging: Paging,
  plan: { strategy: NearestStrategy; batch?: number },
): Promise<number[]> {
  if (plan.strategy === 'matching' || direction === 'DESC') {
    const rows = await rowsOf<{ id: number }>(
      db,
      nearestMatchingSql(scope, center, direction, paging),
    );
    return rows.map((r) => Number(r.id));
  }
  for (let batch = plan.batch ?? 64; ; batch *= 4) {
    const rows = await rowsOf<{ scanned: number; id: number | null }>(
      db,
      nearestWalkSql(scope, center, paging, batch),
    );
    const ids = rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
    const scanned = Number(rows[0]?.scanned ?? 0);
    // Full page, or every location read: this page is final.
    if (ids.length === paging.limit || scanned < batch) return ids;
  }
}

/** Matching opportunities without a location, newest first: the tail of a distance search. */
export async function pageUnlocated(
  db: DbOrTx,
  scope: SearchScope,
  paging: Paging,
): Promise<number[]> {
  const at = sql`${scope.now.toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select o.id from opportunities o
      where ${conditions(scope)}
        and not exists (select 1 from opportunity_locations l where l.opportunity_id = o.id)
      order by ${newestFirstSql(at)}
      limit ${paging.limit} offset ${paging.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

export type ColumnSortField = 'opens_at' | 'closes_at' | 'name';

/**
 * One page newest first (newestFirstSql). Each part of the order (opened, still to open, no
 * opening date) is read in its own order from the opening-date index, no further than the page
 * reaches; only those few rows are then put in order. Sorting every match by the whole order at
 * once would read them all.
 */
export function newestFirstPageSql(scope: SearchScope, paging: Paging): SQL {
  const at = sql`${scope.now.toISOString()}::timestamptz`;
  const reach = paging.offset + paging.limit;
  const where = conditions(scope);
  return sql`select o.id from (
      (select o.id, o.opens_at from opportunities o
        where ${where} and o.opens_at < ${at}
        order by o.opens_at desc nulls last, o.id desc limit ${reach})
      union all
      (select o.id, o.opens_at from opportunities o
        where ${where} and o.opens_at >= ${at}
        order by o.opens_at asc, o.id desc limit ${reach})
      union all
      (select o.id, o.opens_at from opportunities o
        where ${where} and o.opens_at is null
        order by o.id desc limit ${reach})
    ) o
    order by ${newestFirstSql(at)}
    limit ${paging.limit} offset ${paging.offset}`;
}

/**
 * One page ordered by a column; unset dates last either way, then by id. Opening date
 * descending is newest first (newestFirstPageSql).
 */
export function columnPageSql(
  scope: SearchScope,
  field: ColumnSortField,
  direction: SortDirection,
  paging: Paging,
): SQL {
  if (field === 'opens_at' && direction === 'DESC') return newestFirstPageSql(scope, paging);
  const dir = sql.raw(direction);
  const column = sql.raw(`o.${field}`);
  return sql`select o.id from opportunities o
    where ${conditions(scope)}
    order by ${column} ${dir} nulls last, o.id ${dir}
    limit ${paging.limit} offset ${paging.offset}`;
}

export async function pageByColumn(
  db: DbOrTx,
  scope: SearchScope,
  field: ColumnSortField,
  direction: SortDirection,
  paging: Paging,
): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, columnPageSql(scope, field, direction, paging));
  return rows.map((r) => Number(r.id));
}

// ---------------------------------------------------------------- the map

export interface MapLocationRow {
  id: number;
  latitude: number;
  longitude: number;
  address: string;
  city: string | null;
  distance: number;
  opportunityId: number;
  opportunityName: string;
  kind: OpportunityKind;
  organizationName: string;
}

const mapColumns = (alias: string, center: Point) => sql`${sql.raw(alias)}.id,
  ${sql.raw(alias)}.latitude, ${sql.raw(alias)}.longitude, ${sql.raw(alias)}.address,
  ${sql.raw(alias)}.city, ${haversineSql(alias, center)} as distance,
  o.id as "opportunityId", o.name as "opportunityName", o.kind, org.name as "organizationName"`;

/**
 * One batch of the map's walk: the `batch` nearest locations (GiST, KNN), then the matching
 * ones among them, nearest first. As in nearestWalkSql, rows at the batch's farthest distance
 * wait for a larger batch when this one is full.
 */
export function nearestLocationsWalkSql(
  scope: SearchScope,
  center: Point,
  limit: number,
  batch: number,
): SQL {
  const here = earthAt(center);
  return sql`with near as materialized (
      select ol.*, ${earthOf('ol')} <-> ${here} as knn
      from opportunity_locations ol
      order by ${earthOf('ol')} <-> ${here}
      limit ${batch}),
    edge as (select count(*)::int as scanned, max(knn) as farthest from near)
    select edge.scanned, page.*
    from edge
    left join lateral (
      select ${mapColumns('n', center)}, n.knn
      from near n
      join opportunities o on o.id = n.opportunity_id
      join organizations org on org.id = o.organization_id
      where (edge.scanned < ${batch} or n.knn < edge.farthest) and ${conditions(scope)}
      order by n.knn, n.id
      limit ${limit}) page on true
    order by page.knn, page.id`;
}

/** The map for narrow filters: every location of the matching opportunities, nearest first. */
export function nearestLocationsMatchingSql(scope: SearchScope, center: Point, limit: number): SQL {
  return sql`select ${mapColumns('ol', center)}
    from opportunities o
    join opportunity_locations ol on ol.opportunity_id = o.id
    join organizations org on org.id = o.organization_id
    where ${conditions(scope)}
    order by ${earthOf('ol')} <-> ${earthAt(center)}, ol.id
    limit ${limit}`;
}

export async function nearestLocations(
  db: DbOrTx,
  scope: SearchScope,
  center: Point,
  limit: number,
  plan: { strategy: NearestStrategy; batch?: number },
): Promise<MapLocationRow[]> {
  const toRow = (r: MapLocationRow): MapLocationRow => ({
    id: Number(r.id),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    address: r.address,
    city: r.city,
    distance: Number(r.distance),
    opportunityId: Number(r.opportunityId),
    opportunityName: r.opportunityName,
    kind: r.kind,
    organizationName: r.organizationName,
  });
  if (plan.strategy === 'matching') {
    const rows = await rowsOf<MapLocationRow>(
      db,
      nearestLocationsMatchingSql(scope, center, limit),
    );
    return rows.map(toRow);
  }
  for (let batch = plan.batch ?? limit * 2; ; batch *= 4) {
    const rows = await rowsOf<MapLocationRow & { scanned: number; id: number | null }>(
      db,
      nearestLocationsWalkSql(scope, center, limit, batch),
    );
    const found = rows.filter((r) => r.id !== null).map(toRow);
    if (found.length === limit || Number(rows[0]?.scanned ?? 0) < batch) return found;
  }
}
