import type { CriterionResult } from '@pathways/shared/eligibility/evaluate';
import { EARTH_RADIUS_KM } from '@pathways/shared/common/constants';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  candidateProfiles,
  disciplines,
  eligibilities,
  institutions,
  opportunities,
  opportunityLocations,
  qualificationCategories,
  qualificationComponents,
  qualificationTypes,
  requirements,
  users,
} from '../../db/schema/index.ts';
import { inIds } from './sql-lists.ts';
import { distanceKmSql } from './eligibility.sql.ts';

// Every query of eligibility but the profile snapshots (snapshots.repository.ts): opportunities
// with their requirements and places, reference names, the stored eligibilities and campaigns.

export interface OpportunityRow {
  id: number;
  name: string;
  organizationId: number;
  publishedAt: Date | null;
  closesAt: Date | null;
}

export interface RequirementRow {
  id: number;
  opportunityId: number;
  kind: string;
  criterion: Record<string, unknown>;
  description: string | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlaceRow {
  opportunityId: number;
  latitude: number;
  longitude: number;
  city: string | null;
}

const opportunityColumns = {
  id: opportunities.id,
  name: opportunities.name,
  organizationId: opportunities.organizationId,
  publishedAt: opportunities.publishedAt,
  closesAt: opportunities.closesAt,
};

export async function findOpportunities(
  db: DbOrTx,
  ids: readonly number[],
): Promise<OpportunityRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(opportunityColumns)
    .from(opportunities)
    .where(inIds(opportunities.id, ids))
    .orderBy(asc(opportunities.id));
}

/** What evaluation needs of a requirement. */
export type RuleRow = Pick<
  RequirementRow,
  'id' | 'opportunityId' | 'kind' | 'criterion' | 'description'
>;

/** Requirements of these opportunities, in their order. */
export async function findRequirements(
  db: DbOrTx,
  opportunityIds: readonly number[],
): Promise<RuleRow[]> {
  if (opportunityIds.length === 0) return [];
  return db
    .select({
      id: requirements.id,
      opportunityId: requirements.opportunityId,
      kind: requirements.kind,
      criterion: requirements.criterion,
      description: requirements.description,
    })
    .from(requirements)
    .where(inIds(requirements.opportunityId, opportunityIds))
    .orderBy(asc(requirements.opportunityId), asc(requirements.position), asc(requirements.id));
}

/**
 * The ids and versions of these opportunities' requirements, in their order (opportunity,
 * position, id). A requirement's version is its row version (`xmin`): any write of the row
 * changes it, so a requirement read before under the same id and version is the same.
 */
export async function findRequirementVersions(
  db: DbOrTx,
  opportunityIds: readonly number[],
): Promise<{ id: number; opportunityId: number; version: string }[]> {
  if (opportunityIds.length === 0) return [];
  const r = requirements;
  const result = (await db.execute(sql`
    select ${r.id} as id, ${r.opportunityId} as "opportunityId", ${r}.xmin::text as version
    from ${r} where ${inIds(r.opportunityId, opportunityIds)}
    order by ${r.opportunityId}, ${r.position}, ${r.id}`)) as unknown as {
    rows: { id: number; opportunityId: number; version: string }[];
  };
  return result.rows;
}

/** These requirements (by id), with their versions (see `findRequirementVersions`). */
export async function findRequirementsById(
  db: DbOrTx,
  ids: readonly number[],
): Promise<(RuleRow & { version: string })[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: requirements.id,
      opportunityId: requirements.opportunityId,
      kind: requirements.kind,
      criterion: requirements.criterion,
      description: requirements.description,
      version: sql<string>`${requirements}.xmin::text`,
    })
    .from(requirements)
    .where(inIds(requirements.id, ids));
}

export async function findPlaces(
  db: DbOrTx,
  opportunityIds: readonly number[],
): Promise<PlaceRow[]> {
  if (opportunityIds.length === 0) return [];
  const l = opportunityLocations;
  return db
    .select({
      opportunityId: l.opportunityId,
      latitude: l.latitude,
      longitude: l.longitude,
      city: l.city,
    })
    .from(l)
    .where(inIds(l.opportunityId, opportunityIds))
    .orderBy(asc(l.id));
}

/**
 * How much farther than the nearest place (by the SQL distance) a place may be and still be
 * loaded: far more than the rounding by which the SQL and the evaluation's distances can differ,
 * so the place the evaluation finds nearest is always among those loaded.
 */
export const NEAREST_SLACK_KM = 0.001;

/**
 * Of each opportunity's places, those the evaluation can find nearest to `home` (within
 * NEAREST_SLACK_KM of the nearest by the SQL distance), in the order `findPlaces` gives them; for
 * a home not known, each opportunity's first place (all that says it has a fixed place). The
 * evaluation of one home (its distance criterion, its notices) needs no other place.
 */
export async function findNearestPlaces(
  db: DbOrTx,
  opportunityIds: readonly number[],
  home: { latitude: number; longitude: number } | null,
): Promise<PlaceRow[]> {
  if (opportunityIds.length === 0) return [];
  const l = opportunityLocations;
  if (!home) {
    return db
      .selectDistinctOn([l.opportunityId], {
        opportunityId: l.opportunityId,
        latitude: l.latitude,
        longitude: l.longitude,
        city: l.city,
      })
      .from(l)
      .where(inIds(l.opportunityId, opportunityIds))
      .orderBy(asc(l.opportunityId), asc(l.id));
  }
  const measured = db
    .select({
      id: l.id,
      opportunityId: l.opportunityId,
      latitude: l.latitude,
      longitude: l.longitude,
      city: l.city,
      km: distanceKmSql(l.latitude, l.longitude, home).as('km'),
    })
    .from(l)
    .where(inIds(l.opportunityId, opportunityIds))
    .as('measured');
  const ranked = db
    .select({
      id: measured.id,
      opportunityId: measured.opportunityId,
      latitude: measured.latitude,
      longitude: measured.longitude,
      city: measured.city,
      km: measured.km,
      nearest: sql<number>`min(${measured.km}) over (partition by ${measured.opportunityId})`.as(
        'nearest',
      ),
    })
    .from(measured)
    .as('ranked');
  return db
    .select({
      opportunityId: ranked.opportunityId,
      latitude: ranked.latitude,
      longitude: ranked.longitude,
      city: ranked.city,
    })
    .from(ranked)
    .where(sql`${ranked.km} <= ${ranked.nearest} + ${NEAREST_SLACK_KM}::float8`)
    .orderBy(asc(ranked.id));
}

/**
 * For measuring whether opportunities are within `radiusKm` of `home` and how near: of each
 * opportunity with a place in reach, its places nearest the home (as `findNearestPlaces`); of
 * each other opportunity, one of its places (all out of reach, which is all that tells); nothing
 * for an opportunity without a place. Reads only the places in reach (the coordinates' index)
 * and one place of the others. For a home not known, one place of each.
 */
export async function findPlacesWithin(
  db: DbOrTx,
  opportunityIds: readonly number[],
  home: { latitude: number; longitude: number } | null,
  radiusKm: number,
): Promise<PlaceRow[]> {
  if (opportunityIds.length === 0) return [];
  const l = opportunityLocations;
  const inReach = home
    ? await db
        .select({
          id: l.id,
          opportunityId: l.opportunityId,
          latitude: l.latitude,
          longitude: l.longitude,
          city: l.city,
          km: distanceKmSql(l.latitude, l.longitude, home).mapWith(Number),
        })
        .from(l)
        .where(
          and(
            inIds(l.opportunityId, opportunityIds),
            sql`earth_box(ll_to_earth(${home.latitude}::float8, ${home.longitude}::float8), ${earthBoxMetres(radiusKm)}::float8) @> ll_to_earth(${l.latitude}, ${l.longitude})`,
          ),
        )
    : [];
  const nearest = new Map<number, number>();
  for (const p of inReach) {
    nearest.set(p.opportunityId, Math.min(nearest.get(p.opportunityId) ?? Infinity, p.km));
  }
  const kept = inReach
    .filter((p) => p.km <= nearest.get(p.opportunityId)! + NEAREST_SLACK_KM)
    .sort((a, b) => a.id - b.id);
  const others = opportunityIds.filter((id) => !nearest.has(id));
  const beyond =
    others.length === 0
      ? []
      : (
          (await db.execute(sql`
          select one.opportunity_id as "opportunityId", one.latitude, one.longitude, one.city
          from unnest(${`{${others.join(',')}}`}::int[]) as o(id)
          cross join lateral (
            select ${l.opportunityId}, ${l.latitude}, ${l.longitude}, ${l.city} from ${l}
            where ${l.opportunityId} = o.id limit 1
          ) as one`)) as unknown as { rows: PlaceRow[] }
        ).rows;
  return [
    ...kept.map(({ opportunityId, latitude, longitude, city }) => ({
      opportunityId,
      latitude: Number(latitude),
      longitude: Number(longitude),
      city,
    })),
    ...beyond.map((p) => ({ ...p, latitude: Number(p.latitude), longitude: Number(p.longitude) })),
  ];
}

/**
 * The side in metres of an earth_box holding every point within `km` great-circle kilometres:
 * earthdistance measures on a sphere of 6 378 168 m, the evaluation on one of 6371 km, and a
 * little more keeps the rounding in.
 */
export const earthBoxMetres = (km: number) => (km / EARTH_RADIUS_KM) * 6_378_168 * 1.01 + 100;

export interface NameIds {
  qualificationTypes: number[];
  categories: number[];
  disciplines: number[];
  institutions: number[];
  components: number[];
}

/** The names of the reference rows requirements refer to, five small queries at most, at once. */
export async function findNames(db: DbOrTx, wanted: NameIds) {
  const lookup = async (
    table:
      | typeof qualificationTypes
      | typeof qualificationCategories
      | typeof disciplines
      | typeof institutions
      | typeof qualificationComponents,
    ids: number[],
  ) =>
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .select({ id: table.id, name: table.name })
              .from(table)
              .where(inIds(table.id, ids))
          ).map((r) => [r.id, r.name] as const),
        );
  const [types, categories, fields, schools, components] = await Promise.all([
    lookup(qualificationTypes, wanted.qualificationTypes),
    lookup(qualificationCategories, wanted.categories),
    lookup(disciplines, wanted.disciplines),
    lookup(institutions, wanted.institutions),
    lookup(qualificationComponents, wanted.components),
  ]);
  return {
    qualificationTypes: types,
    categories,
    disciplines: fields,
    institutions: schools,
    components,
  };
}

/** Published opportunities: visible now, or scheduled (so their eligibilities are ready). */
const published = isNotNull(opportunities.publishedAt);

export interface CandidateTargets {
  /** Every published opportunity and any with a row stored for the candidate, in id order. */
  opportunities: OpportunityRow[];
  /** Those with a row stored for the candidate. */
  stored: Set<number>;
  /** Their requirements' ids and versions, in their order (as `findRequirementVersions`). */
  versions: { id: number; opportunityId: number; version: string }[];
}

/**
 * What a candidate's recomputation evaluates, read with one statement (so one moment of the
 * data): every published opportunity and any with a stored row for the candidate, with their
 * columns, and the ids and versions of their requirements. The targets' rows come first, in id order, then the requirements' rows
 * in the order of `findRequirementVersions`.
 */
export async function findCandidateTargets(
  db: DbOrTx,
  candidateId: number,
): Promise<CandidateTargets> {
  const o = opportunities;
  const e = eligibilities;
  const r = requirements;
  // Moments as whole milliseconds since 1970, as the ORM reads them, whatever the driver.
  const ms = (column: typeof o.publishedAt | typeof o.closesAt) =>
    sql`floor(extract(epoch from ${column}) * 1000)::float8`;
  const result = (await db.execute(sql`
    with t as materialized (
      select ${o.id} as id, ${o.name} as name, ${o.organizationId} as organization_id,
        ${ms(o.publishedAt)} as published, ${ms(o.closesAt)} as closes,
        ${e.id} is not null as stored
      from ${o} left join ${e} on ${e.opportunityId} = ${o.id} and ${e.candidateId} = ${candidateId}
      where ${o.publishedAt} is not null or ${e.id} is not null
    )
    select 0 as part, t.id, t.name, t.organization_id as "organizationId", t.published, t.closes,
      t.stored, null::int as requirement, null::text as version, 0::int as position
    from t
    union all
    select 1, ${r.opportunityId}, null, null, null, null, null, ${r.id}, ${r}.xmin::text, ${r.position}
    from ${r} join t on t.id = ${r.opportunityId}
    order by 1, 2, 10, 8`)) as unknown as {
    rows: {
      part: number;
      id: number;
      name: string | null;
      organizationId: number | null;
      published: number | string | null;
      closes: number | string | null;
      stored: boolean | null;
      requirement: number | null;
      version: string | null;
    }[];
  };
  const moment = (value: number | string | null) =>
    value === null ? null : new Date(Number(value));
  const targets: CandidateTargets = { opportunities: [], stored: new Set(), versions: [] };
  for (const row of result.rows) {
    const id = Number(row.id);
    if (Number(row.part) === 0) {
      targets.opportunities.push({
        id,
        name: row.name!,
        organizationId: Number(row.organizationId),
        publishedAt: moment(row.published),
        closesAt: moment(row.closes),
      });
      if (row.stored) targets.stored.add(id);
    } else {
      targets.versions.push({
        id: Number(row.requirement),
        opportunityId: id,
        version: row.version!,
      });
    }
  }
  return targets;
}

/** Every published opportunity (the nightly recomputation and the demo seed). */
export async function publishedOpportunityIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(published)
    .orderBy(asc(opportunities.id));
  return rows.map((r) => r.id);
}

/** Every candidate's id, in order (the demo seed). */
export async function allCandidateIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'candidate'))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/**
 * The candidates an opportunity's recomputation evaluates: those passing the SQL prefilter (when
 * the opportunity is published) and those who already have a row for it, which must stay fresh.
 * One statement, answered as two JSON lists.
 */
export async function candidateIdsForOpportunity(
  db: DbOrTx,
  opportunityId: number,
  prefilter: SQL | null,
): Promise<{ all: number[]; stored: Set<number> }> {
  const e = eligibilities;
  const passing = prefilter ? prefiltered(prefilter) : sql`select null::int as id where false`;
  const result = (await db.execute(sql`
    with stored as (select ${e.candidateId} as id from ${e} where ${e.opportunityId} = ${opportunityId})
    select (select coalesce(json_agg(id), '[]') from stored) as stored,
      (select coalesce(json_agg(id order by id), '[]') from
        (select id from stored union select id from (${passing}) p) x) as "all"`)) as unknown as {
    rows: { stored: number[] | string; all: number[] | string }[];
  };
  const row = result.rows[0]!;
  const parse = (value: number[] | string) =>
    typeof value === 'string' ? (JSON.parse(value) as number[]) : value;
  return { all: parse(row.all), stored: new Set(parse(row.stored)) };
}

/** The ids (`id`) of the candidates who pass a prefilter (prefilter.ts), as a statement. */
const prefiltered = (prefilter: SQL) => sql`
  select ${users.id} as id from ${users}
  left join ${candidateProfiles} on ${candidateProfiles.userId} = ${users.id}
  where ${users.role} = 'candidate' and ${prefilter}`;

/** The candidates who pass a prefilter (prefilter.ts), in id order. */
export async function prefilteredCandidateIds(db: DbOrTx, prefilter: SQL): Promise<number[]> {
  const result = (await db.execute(sql`${prefiltered(prefilter)} order by 1`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((r) => Number(r.id));
}

export interface EligibilityWrite {
  candidateId: number;
  opportunityId: number;
  eligible: boolean;
  criteria: CriterionResult[];
  checkedAt: Date;
}

const UPSERT_CHUNK = 500;

/**
 * Stores results, replacing those of each candidate and opportunity. A result computed from older
 * data (`checkedAt` before the stored one) never overwrites a newer one, so a slow job cannot undo
 * a later check. Referral and invitation are left alone. Returns the ids written.
 */
export async function upsertEligibilities(
  db: DbOrTx,
  rows: readonly EligibilityWrite[],
): Promise<{ id: number; candidateId: number; opportunityId: number; checkedAt: Date | null }[]> {
  const written: {
    id: number;
    candidateId: number;
    opportunityId: number;
    checkedAt: Date | null;
  }[] = [];
  const e = eligibilities;
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    const chunk = rows.slice(i, i + UPSERT_CHUNK).map((r) => ({ ...r, updatedAt: r.checkedAt }));
    written.push(
      ...(await db
        .insert(e)
        .values(chunk)
        .onConflictDoUpdate({
          target: [e.candidateId, e.opportunityId],
          set: {
            eligible: sql`excluded.eligible`,
            criteria: sql`excluded.criteria`,
            checkedAt: sql`excluded.checked_at`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`${e.checkedAt} is null or ${e.checkedAt} <= excluded.checked_at`,
        })
        .returning({
          id: e.id,
          candidateId: e.candidateId,
          opportunityId: e.opportunityId,
          checkedAt: e.checkedAt,
        })),
    );
  }
  return written;
}

/** An array literal of ids (one parameter however many). */
const intArray = (ids: readonly number[]) => {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  }
  return `{${ids.join(',')}}`;
};

/**
 * Stores the results of a bulk recomputation with one statement: every row is inserted or
 * replaces the stored result of its candidate and opportunity (an unchanged result still moves
 * its `checkedAt`: it says when the result was last checked), unless the stored one was checked
 * later (a slow job never undoes a later check). Referral and invitation are left alone. Returns
 * how many rows were written and, as stored before the statement (read by the same statement):
 * which of the pairs were eligible (as "candidate:opportunity"), and which of the candidates had
 * any check stored, of any opportunity (a candidate's first checks are where they start, not a
 * change). A candidate with a checked row among these pairs needs no other look; the others are
 * one index probe each.
 */
export async function writeEligibilities(
  db: DbOrTx,
  rows: readonly EligibilityWrite[],
): Promise<{ written: number; wasEligible: Set<string>; checkedBefore: Set<number> }> {
  if (rows.length === 0) return { written: 0, wasEligible: new Set(), checkedBefore: new Set() };
  const e = eligibilities;
  // A parameter a column, zipped: the criteria as one JSON array whose elements are each parsed
  // once into their rows (a JSON document of whole rows would be parsed whole and taken apart
  // again, a field at a time).
  const result = (await db.execute(sql`
    with r as (
      select r.c, r.o, r.e, r.k::jsonb as k, r.t from rows from (
        unnest(${intArray(rows.map((r) => r.candidateId))}::int[]),
        unnest(${intArray(rows.map((r) => r.opportunityId))}::int[]),
        unnest(${`{${rows.map((r) => (r.eligible ? 't' : 'f')).join(',')}}`}::boolean[]),
        json_array_elements(${JSON.stringify(rows.map((r) => r.criteria))}::json),
        unnest(${`{${rows.map((r) => r.checkedAt.toISOString()).join(',')}}`}::timestamptz[])
      ) as r(c, o, e, k, t)
    ),
    before as materialized (
      select r.c, r.o, ${e.eligible} as eligible, ${e.checkedAt} is not null as checked
      from r join ${e} on ${e.candidateId} = r.c and ${e.opportunityId} = r.o
    ),
    checked as (
      select distinct c from before where checked
    ),
    unsure as (
      select distinct r.c from r where r.c not in (select c from checked)
    ),
    written as (
      insert into ${e} (candidate_id, opportunity_id, eligible, criteria, checked_at, updated_at)
      select r.c, r.o, r.e, r.k, r.t, r.t from r
      on conflict (candidate_id, opportunity_id) do update set
        eligible = excluded.eligible,
        criteria = excluded.criteria,
        checked_at = excluded.checked_at,
        updated_at = excluded.updated_at
      where ${e.checkedAt} is null or ${e.checkedAt} <= excluded.checked_at
      returning 1
    )
    select (select count(*)::int from written) as written,
      (select coalesce(json_agg(json_build_array(c, o)), '[]') from before where eligible) as before,
      (select coalesce(json_agg(c), '[]') from (
        select c from checked
        union all
        select u.c from unsure u where exists (
          select 1 from ${e} where ${e.candidateId} = u.c and ${e.checkedAt} is not null)
      ) x) as checked`)) as unknown as {
    rows: {
      written: number;
      before: [number, number][] | string;
      checked: number[] | string;
    }[];
  };
  const row = result.rows[0]!;
  const parse = <T>(value: T | string): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    written: Number(row.written),
    wasEligible: new Set(parse(row.before).map(([c, o]) => `${c}:${o}`)),
    checkedBefore: new Set(parse(row.checked).map(Number)),
  };
}

export interface StoredEligibility {
  id: number;
  eligible: boolean | null;
  criteria: unknown[];
  checkedAt: Date | null;
  opportunity: { id: number; name: string };
}

const storedColumns = {
  id: eligibilities.id,
  eligible: eligibilities.eligible,
  criteria: eligibilities.criteria,
  checkedAt: eligibilities.checkedAt,
  opportunity: { id: opportunities.id, name: opportunities.name },
};

/** The stored rows of a candidate for these opportunities. */
export async function findStored(
  db: DbOrTx,
  candidateId: number,
  opportunityIds: readonly number[],
): Promise<StoredEligibility[]> {
  if (opportunityIds.length === 0) return [];
  return db
    .select(storedColumns)
    .from(eligibilities)
    .innerJoin(opportunities, eq(opportunities.id, eligibilities.opportunityId))
    .where(
      and(
        eq(eligibilities.candidateId, candidateId),
        inIds(eligibilities.opportunityId, opportunityIds),
      ),
    );
}

/** A candidate's checked eligibilities for opportunities visible now: eligible first, by name. */
export async function listForCandidate(
  db: DbOrTx,
  candidateId: number,
  options: { now: Date; eligible?: boolean },
): Promise<StoredEligibility[]> {
  return db
    .select(storedColumns)
    .from(eligibilities)
    .innerJoin(opportunities, eq(opportunities.id, eligibilities.opportunityId))
    .where(
      and(
        eq(eligibilities.candidateId, candidateId),
        isNotNull(eligibilities.checkedAt),
        isNotNull(eligibilities.eligible),
        options.eligible === undefined ? undefined : eq(eligibilities.eligible, options.eligible),
        lte(opportunities.publishedAt, options.now),
      ),
    )
    .orderBy(desc(eligibilities.eligible), asc(opportunities.name), asc(opportunities.id));
}

/**
 * The "I qualify" filter: ids of the opportunities a candidate is eligible for, as a subquery to
 * join or use in `IN (…)`. Rows are kept fresh by the recomputation jobs.
 */
export function eligibleOpportunityIdsQuery(db: DbOrTx, candidateId: number) {
  return db
    .select({ opportunityId: eligibilities.opportunityId })
    .from(eligibilities)
    .where(and(eq(eligibilities.candidateId, candidateId), eq(eligibilities.eligible, true)));
}

/**
 * Marks the candidate as referred to these opportunities (they came through a campaign, or
 * applied), keeping the first referral's moment. A missing row is created unchecked (eligible
 * null): computing the eligibility itself is the engine's job.
 */
export async function markReferred(
  db: DbOrTx,
  candidateId: number,
  opportunityIds: readonly number[],
  at: Date,
): Promise<void> {
  if (opportunityIds.length === 0) return;
  await db
    .insert(eligibilities)
    .values(opportunityIds.map((opportunityId) => ({ candidateId, opportunityId, referredAt: at })))
    .onConflictDoUpdate({
      target: [eligibilities.candidateId, eligibilities.opportunityId],
      set: { referredAt: sql`coalesce(${eligibilities.referredAt}, excluded.referred_at)` },
    });
}

/**
 * The active opportunities of an organization (published in the past, and not commenced yet or
 * without a commencement date), newest opening first.
 */
export async function activeOpportunityIds(
  db: DbOrTx,
  organizationId: number,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.organizationId, organizationId),
        lte(opportunities.publishedAt, now),
        or(isNull(opportunities.commencesAt), gt(opportunities.commencesAt, now)),
      ),
    )
    .orderBy(sql`${opportunities.opensAt} desc nulls last`, asc(opportunities.id));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- requirements (admin)

export async function findRequirement(db: DbOrTx, id: number): Promise<RequirementRow | undefined> {
  const [row] = await db.select().from(requirements).where(eq(requirements.id, id)).limit(1);
  return row;
}

/** Locks the opportunity row (requirement writes of one opportunity queue) and says if it exists. */
export async function lockOpportunity(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(eq(opportunities.id, id))
    .for('update');
  return rows.length > 0;
}

export async function nextRequirementPosition(db: DbOrTx, opportunityId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${requirements.position}) + 1, 0)`.mapWith(Number) })
    .from(requirements)
    .where(eq(requirements.opportunityId, opportunityId));
  return Math.min(row?.next ?? 0, 1000);
}

export async function insertRequirement(
  db: DbOrTx,
  values: typeof requirements.$inferInsert,
): Promise<RequirementRow> {
  const [row] = await db.insert(requirements).values(values).returning();
  return row!;
}

export async function updateRequirement(
  db: DbOrTx,
  id: number,
  values: Partial<typeof requirements.$inferInsert>,
): Promise<RequirementRow | undefined> {
  const [row] = await db
    .update(requirements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(requirements.id, id))
    .returning();
  return row;
}

export async function deleteRequirement(
  db: DbOrTx,
  id: number,
): Promise<RequirementRow | undefined> {
  const [row] = await db.delete(requirements).where(eq(requirements.id, id)).returning();
  return row;
}
