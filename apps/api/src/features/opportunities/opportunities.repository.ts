import {
  LIST_ITEM_PLACES,
  type OpportunityKind,
} from '@pathways/shared/opportunities/opportunities.schemas';
import type { EmploymentType } from '@pathways/shared/opportunities/employment';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  opportunities,
  opportunityLocations,
  organizations,
  requirements,
} from '../../db/schema/index.ts';
import {
  countsSql,
  earthAt,
  earthOf,
  firstBatchSql,
  haversineSql,
  nearestWalkSql,
  rowsOf,
  type Counts,
  type Paging,
  type Point,
  type SearchScope,
} from './search.repository.ts';
import { isOpenSql } from './opportunities.sql.ts';

// The rows a search page and the public page show: list fields, locations, the viewer's
// eligibilities, the detail and its requirements. Which ids, in which order: search.repository.ts.

export interface CardRow {
  id: number;
  name: string;
  kind: OpportunityKind;
  summary: string | null;
  logo: string | null;
  publishedAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  commencesAt: Date | null;
  organization: { id: number; name: string; logo: string | null };
}

/** A timestamp column as JavaScript's toISOString() writes it (null stays null). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One row of a page of list items: an opportunity's list fields with one of its nearest places
 * (null when it has none), as the database returns them.
 */
export interface ListRow {
  id: number;
  name: string;
  kind: OpportunityKind;
  summary: string | null;
  logo: string | null;
  /** Moments as the answer writes them: ISO 8601 in UTC, to the millisecond. */
  publishedAt: string;
  opensAt: string | null;
  closesAt: string | null;
  commencesAt: string | null;
  isOpen: boolean;
  organizationId: number;
  organizationName: string;
  organizationLogo: string | null;
  locationCount: number;
  /** Undefined without a candidate; null when their eligibility was never checked. */
  eligible?: boolean | null;
  locationId: number | null;
  address: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Metres from the search point (6371 km haversine); null without a point. */
  distance: number | null;
}

/**
 * The list items of the given opportunities in one statement, in the order of `ids`: each
 * with its LIST_ITEM_PLACES nearest places to `center` (the first ones made when there is no
 * point), how many places it has, and the candidate's stored eligibility. One row per place (one
 * for an opportunity without any), nearest first. The nearest places are read by KNN on the
 * opportunity's own places (the GiST index on opportunity and point), never all of them: some
 * opportunities have nearly 2 000. Ids that are not found are left out.
 */
export async function findListRows(
  db: DbOrTx,
  opportunityIds: number[],
  options: { now: Date; center?: Point; candidateId?: number },
): Promise<ListRow[]> {
  if (opportunityIds.length === 0) return [];
  return rowsOf<ListRow>(db, listRowsSql(opportunityIds, options));
}

/** The statement of findListRows. */
export function listRowsSql(
  opportunityIds: number[],
  options: { now: Date; center?: Point; candidateId?: number },
): SQL {
  const page = sql.join(
    opportunityIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`${listRowsOf(sql`unnest(array[${page}]) with ordinality as p(id, position)`, options)}
      order by p.position, l.rank, l.id`;
}

/**
 * The rows of listRowsSql, unordered, for the opportunities of `page`: a FROM item `p(id,
 * position)`. Each row also carries its opportunity's `position` and its place's `rank`: ordered
 * by both, then by `locationId`, they are in the order of listRowsSql.
 */
export function listRowsOf(
  page: SQL,
  options: { now: Date; center?: Point; candidateId?: number },
): SQL {
  const { now, center, candidateId } = options;
  const at = sql`${now.toISOString()}::timestamptz`;
  const nearest = center
    ? sql`select x.id, x.address, x.city, x.latitude, x.longitude,
          ${haversineSql('x', center)} as distance, ${earthOf('x')} <-> ${earthAt(center)} as rank
        from opportunity_locations x
        where x.opportunity_id = o.id
        order by ${earthOf('x')} <-> ${earthAt(center)}
        limit ${LIST_ITEM_PLACES}`
    : sql`select x.id, x.address, x.city, x.latitude, x.longitude,
          null::float8 as distance, x.id::float8 as rank
        from opportunity_locations x
        where x.opportunity_id = o.id
        order by x.id
        limit ${LIST_ITEM_PLACES}`;
  const eligible =
    candidateId === undefined
      ? sql``
      : sql`, (select e.eligible from eligibilities e
          where e.candidate_id = ${candidateId}::int and e.opportunity_id = o.id) as eligible`;
  return sql`select o.id, o.name, o.kind, o.summary, o.logo, ${iso('o.published_at')} as "publishedAt",
        ${iso('o.opens_at')} as "opensAt", ${iso('o.closes_at')} as "closesAt",
        ${iso('o.commences_at')} as "commencesAt",
        ${isOpenSql(at)} as "isOpen",
        org.id as "organizationId", org.name as "organizationName", org.logo as "organizationLogo",
        places.count as "locationCount"
        ${eligible},
        l.id as "locationId", l.address, l.city, l.latitude, l.longitude, l.distance,
        p.position, l.rank
      from ${page}
      join opportunities o on o.id = p.id
      join organizations org on org.id = o.organization_id
      cross join lateral (select count(*)::int as count
        from opportunity_locations c where c.opportunity_id = o.id) places
      left join lateral (${nearest}) l on true`;
}

/**
 * One batch of the distance walk (nearestWalkSql) and the list rows of the page it finds, in one
 * statement: the rows of findListRows for that page, in its order, each with the batch's
 * `scanned`. A page without opportunities is one row with `scanned` and no opportunity (`id`
 * null). The page is final when it is full or `scanned` is below `batch` (see pageNearest).
 */
export async function findNearestListRows(
  db: DbOrTx,
  scope: SearchScope,
  paging: Paging,
  batch: number,
  options: { now: Date; center: Point; candidateId?: number },
): Promise<{ scanned: number; rows: ListRow[] }> {
  const rows = await rowsOf<ListRow & { scanned: number }>(
    db,
    nearestListRowsSql(scope, paging, batch, options),
  );
  return {
    scanned: Number(rows[0]?.scanned ?? 0),
    rows: rows.filter((row) => row.id !== null),
  };
}

/** The statement of findNearestListRows. */
export function nearestListRowsSql(
  scope: SearchScope,
  paging: Paging,
  batch: number,
  options: { now: Date; center: Point; candidateId?: number },
): SQL {
  return sql`with walk as materialized (${nearestWalkSql(scope, options.center, paging, batch)}),
    p as (select id, row_number() over (order by knn, id) as position
      from walk where id is not null)
    select w.scanned, items.*
    from (select max(scanned) as scanned from walk) w
    left join (${listRowsOf(sql`p`, options)}) items on true
    order by items.position, items.rank, items."locationId"`;
}

/**
 * A search's counts (countMatching), and with them the first batch of its distance walk
 * (firstBatch) and the list rows of the page it finds, as findNearestListRows: one statement for
 * what would otherwise wait on each other. When fewer than `walkMinMatches` match, no walk is
 * made (`batch` 0, no rows): the page is found by measuring every match instead.
 */
export async function findFirstNearestListRows(
  db: DbOrTx,
  scope: SearchScope,
  paging: Paging,
  walkMinMatches: number,
  options: { now: Date; center: Point; candidateId?: number },
): Promise<{ counts: Counts; batch: number; scanned: number; rows: ListRow[] }> {
  const rows = await rowsOf<ListRow & Counts & { batch: number; scanned: number }>(
    db,
    firstNearestListRowsSql(scope, paging, walkMinMatches, options),
  );
  const first = rows[0];
  return {
    counts: { total: Number(first?.total ?? 0), published: Number(first?.published ?? 0) },
    batch: Number(first?.batch ?? 0),
    scanned: Number(first?.scanned ?? 0),
    rows: rows.filter((row) => row.id !== null),
  };
}

/** The statement of findFirstNearestListRows. */
export function firstNearestListRowsSql(
  scope: SearchScope,
  paging: Paging,
  walkMinMatches: number,
  options: { now: Date; center: Point; candidateId?: number },
): SQL {
  const batch = sql`(select batch from hint)`;
  return sql`with counts as materialized (${countsSql(scope)}),
    hint as materialized (select total, published, ${firstBatchSql(paging, walkMinMatches)} as batch
      from counts),
    walk as materialized (${nearestWalkSql(scope, options.center, paging, batch)}),
    p as (select id, row_number() over (order by knn, id) as position
      from walk where id is not null)
    select hint.total, hint.published, hint.batch, w.scanned, items.*
    from hint
    cross join (select max(scanned) as scanned from walk) w
    left join (${listRowsOf(sql`p`, options)}) items on true
    order by items.position, items.rank, items."locationId"`;
}

export interface LocationRow {
  id: number;
  opportunityId: number;
  address: string;
  city: string | null;
  province: string | null;
  country: string;
  latitude: number;
  longitude: number;
}

/** Every location of an opportunity, in the order they were made. */
export async function findLocations(db: DbOrTx, opportunityId: number): Promise<LocationRow[]> {
  const l = opportunityLocations;
  return db
    .select({
      id: l.id,
      opportunityId: l.opportunityId,
      address: l.address,
      city: l.city,
      province: l.province,
      country: l.country,
      latitude: l.latitude,
      longitude: l.longitude,
    })
    .from(l)
    .where(eq(l.opportunityId, opportunityId))
    .orderBy(asc(l.id));
}

export interface DetailRow extends CardRow {
  description: string | null;
  positions: number | null;
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
  employmentType: EmploymentType | null;
  organization: CardRow['organization'] & { slug: string; website: string | null };
}

/** A published opportunity (published at or before `now`), or undefined. */
export async function findPublished(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<DetailRow | undefined> {
  const o = opportunities;
  const [row] = await db
    .select({
      id: o.id,
      name: o.name,
      kind: o.kind,
      summary: o.summary,
      description: o.description,
      logo: o.logo,
      publishedAt: o.publishedAt,
      opensAt: o.opensAt,
      closesAt: o.closesAt,
      commencesAt: o.commencesAt,
      positions: o.positions,
      currency: o.currency,
      valueMin: o.valueMin,
      valueMax: o.valueMax,
      employmentType: o.employmentType,
      organization: {
        id: organizations.id,
        name: organizations.name,
        logo: organizations.logo,
        slug: organizations.slug,
        website: organizations.website,
      },
    })
    .from(o)
    .innerJoin(organizations, eq(organizations.id, o.organizationId))
    .where(and(eq(o.id, id), sql`${o.publishedAt} <= ${now.toISOString()}::timestamptz`));
  return row;
}

export async function findRequirements(db: DbOrTx, opportunityId: number) {
  return db
    .select({ id: requirements.id, kind: requirements.kind, description: requirements.description })
    .from(requirements)
    .where(eq(requirements.opportunityId, opportunityId))
    .orderBy(asc(requirements.position), asc(requirements.id));
}
