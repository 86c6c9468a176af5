import type {
  AnalyticsDimension,
  AnalyticsMeasure,
  ExplorerFilters,
} from '@pathways/shared/analytics/analytics.schemas';
import { sql, type SQL } from 'drizzle-orm';

import { addDays } from '@pathways/shared/analytics/analytics.rules';

import { analyticsKeySql } from '../../db/analytics-key.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shownCountSql } from './suppression.sql.ts';

// Every analytics number is one SQL aggregate: the rows (applications, eligibilities, phase
// stays) never leave the database, and each count is suppressed below 5 and moved by its cell's
// adjustment in the same statement: a count of people is shown with the sum of the same people's
// analytics keys (`shownCountSql`, `analyticsKeySql`). Where a group's rows may hold a person
// more than once, its people's keys are summed as `sum(distinct candidate_id * 256 + key)`: each
// person adds one value of their own, and modulo 256 that is the sum of their keys
// (`distinctKeys`).
// A population is the rows of one measure in the opportunities the user sees, as `x`, with the
// candidate's profile as `p`. Filters are named conditions, so the service can ask how many
// people each one removes (the differencing check) in the same single scan.

export interface AnalyticsScope {
  organizationId: number;
  userId: number;
  primary: boolean;
  /**
   * The opportunities the user sees, when they have been looked up (`withOpportunities`): the
   * statements then name them, so the planner sees how many rows they hold (one organization
   * may hold a tenth of every application). Without them, the statements find them.
   */
  opportunityIds?: readonly number[];
}

/**
 * Runs analytics statements in a read-only transaction whose sorts and hash tables may use more
 * memory than a request's default: an analytics statement groups every row of an organization,
 * and spilling those to disk would cost more than the memory. Nor are they compiled to machine
 * code: a statement of a large organization is estimated costly enough for it, and compiling
 * took longer than it saved (100-150 ms of a statement of about a second).
 */
export async function reading<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`,
      );
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}

/** A named filter: a condition on `x` (the population) and `p` (the candidate's profile). */
export interface NamedCondition {
  name: string;
  where: SQL;
  /** What beyond the row it reads: the profile (`p`) or the eligibility of the row. */
  reads?: 'profile' | 'eligibility';
  /** For a filter that takes a list of values: how a person's values are found. */
  list?: ListFilter;
  /** The opportunities a filter on opportunities keeps. */
  opportunityIds?: readonly number[];
}

/**
 * A filter that keeps people with any of the values chosen. `person`: one value per person,
 * the expression `value` over the profile `p` (a gender); `row`: the column `value` of the row
 * `x` (an opportunity: a person may have rows of several); `qualification`: the column `value`
 * of the person's qualifications; `discipline`: the disciplines of their qualifications.
 */
export interface ListFilter {
  of: 'person' | 'row' | 'qualification' | 'discipline';
  value: string;
  chosen: SQL;
}

const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;
const texts = (list: readonly string[]) =>
  sql`${`{${list.map((s) => `"${s.replaceAll(/["\\]/g, '')}"`).join(',')}}`}::text[]`;

/** The opportunities of the organization the user sees: all for a primary, else those they manage. */
function visibleOpportunities(scope: AnalyticsScope): SQL {
  return sql`select o.id from opportunities o
    where o.organization_id = ${scope.organizationId}
      and (${scope.primary}::boolean or exists (
        select 1 from opportunity_managers m where m.opportunity_id = o.id and m.user_id = ${scope.userId}))`;
}

/** `column` is one of the opportunities the user sees. */
function visible(column: SQL, scope: AnalyticsScope): SQL {
  return scope.opportunityIds
    ? sql`${column} = any(${ids(scope.opportunityIds)})`
    : sql`${column} in (${visibleOpportunities(scope)})`;
}

/**
 * The scope and conditions of a statement that keeps only rows matching every condition: with a
 * filter on opportunities, the scope is the opportunities seen and chosen, so the rows are looked
 * up in those alone, and the filter is left to it (the planner would count it twice).
 */
function narrowed(
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
): { scope: AnalyticsScope; rest: readonly NamedCondition[] } {
  const chosen = conditions.find((c) => c.opportunityIds)?.opportunityIds;
  return chosen && scope.opportunityIds
    ? {
        scope: {
          ...scope,
          opportunityIds: scope.opportunityIds.filter((id) => chosen.includes(id)),
        },
        rest: conditions.filter((c) => !c.opportunityIds),
      }
    : { scope, rest: conditions };
}

/** The scope with the opportunities the user sees looked up, for every statement of a call. */
export async function withOpportunities(
  db: DbOrTx,
  scope: AnalyticsScope,
): Promise<AnalyticsScope> {
  const result = (await db.execute(
    sql`${visibleOpportunities(scope)} order by o.id`,
  )) as unknown as { rows: { id: number }[] };
  return { ...scope, opportunityIds: result.rows.map((r) => Number(r.id)) };
}

/**
 * The rows of a measure, one per person and opportunity (one per stay for time in phase), with
 * the date they are counted at and the facts the filters read.
 */
function population(
  measure: AnalyticsMeasure,
  scope: AnalyticsScope,
  withEligibility = true,
  withApplication = true,
): SQL {
  const ofApplications = (at: SQL, where: SQL) =>
    withEligibility
      ? sql`
    select a.id as application_id, a.candidate_id, a.opportunity_id, a.phase_id, ${at} as at, a.complete,
           e.eligible, e.referred_at is not null as referred, null::interval as stay
    from applications a
    left join eligibilities e on e.candidate_id = a.candidate_id and e.opportunity_id = a.opportunity_id
    where ${visible(sql`a.opportunity_id`, scope)} and ${where}`
      : sql`
    select a.id as application_id, a.candidate_id, a.opportunity_id, a.phase_id, ${at} as at, a.complete,
           null::boolean as eligible, null::boolean as referred, null::interval as stay
    from applications a
    where ${visible(sql`a.opportunity_id`, scope)} and ${where}`;
  const ofEligibilities = (at: SQL, where: SQL) => sql`
    select null::int as application_id, e.candidate_id, e.opportunity_id, null::int as phase_id, ${at} as at, null::boolean as complete,
           e.eligible, e.referred_at is not null as referred, null::interval as stay
    from eligibilities e
    where ${visible(sql`e.opportunity_id`, scope)} and ${where}`;
  switch (measure) {
    case 'applicants':
      return ofApplications(sql`a.created_at`, sql`true`);
    case 'regrets':
      return ofApplications(sql`a.regretted_at`, sql`a.regretted_at is not null`);
    case 'eligible':
      return ofEligibilities(
        sql`coalesce(e.checked_at, e.created_at)`,
        sql`e.eligible is true and e.checked_at is not null`,
      );
    case 'invites':
      return ofEligibilities(sql`e.invited_at`, sql`e.invited_at is not null`);
    case 'timeInPhase':
      // A stay begins when an application enters a phase (applied or moved) and ends at the
      // application's next event (moved on, regretted, withdrawn), or lasts until now: the
      // stays the database keeps as events are recorded, with the application's candidate and
      // opportunity, so the application itself is joined only for a filter on its completeness.
      return sql`
        select s.application_id, s.candidate_id, s.opportunity_id, s.phase_id, s.entered_at as at,
               ${withApplication ? sql`a.complete` : sql`null::boolean as complete`}, ${
                 withEligibility
                   ? sql`e.eligible, e.referred_at is not null as referred`
                   : sql`null::boolean as eligible, null::boolean as referred`
               },
               coalesce(s.left_at, now()) - s.entered_at as stay
        from application_phase_stays s
        ${withApplication ? sql`join applications a on a.id = s.application_id` : sql``}
        ${withEligibility ? sql`left join eligibilities e on e.candidate_id = s.candidate_id and e.opportunity_id = s.opportunity_id` : sql``}
        where ${visible(sql`s.opportunity_id`, scope)} and s.phase_id is not null`;
  }
}

/**
 * The median of stays (intervals) in days: the middle stay, or halfway between the two middle
 * ones. Stays are ordered and interpolated as intervals, and only the median is turned into
 * days: the same number as the median of each stay's days, without a division per stay.
 */
const medianDays = (stay: SQL) =>
  sql`(extract(epoch from percentile_cont(0.5) within group (order by ${stay})) / 86400.0)::float8`;

/** Dates are whole UTC days: from the start of `from` to the end of `to`. */
export function rangeConditions(range: { from?: string; to?: string }): NamedCondition[] {
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`x.at >= (${range.from}::date)::timestamp at time zone 'UTC'`);
  if (range.to) parts.push(sql`x.at < (${range.to}::date + 1)::timestamp at time zone 'UTC'`);
  return parts.length > 0 ? [{ name: 'dates', where: sql.join(parts, sql` and `) }] : [];
}

/**
 * The dates next to a range of whole weeks: each end that is set, a week earlier and a week
 * later. Each replaces the condition `dates` (see `populationSizes`).
 */
export function dateNeighbours(range: { from?: string; to?: string }): NamedCondition[] {
  const out: NamedCondition[] = [];
  for (const days of [-7, 7]) {
    if (range.from) out.push(...rangeConditions({ ...range, from: addDays(range.from, days) }));
    if (range.to) out.push(...rangeConditions({ ...range, to: addDays(range.to, days) }));
  }
  return out;
}

export function opportunityCondition(opportunityIds?: readonly number[]): NamedCondition[] {
  return opportunityIds && opportunityIds.length > 0
    ? [
        {
          name: 'opportunities',
          where: sql`x.opportunity_id = any(${ids(opportunityIds)})`,
          list: { of: 'row', value: 'opportunity_id', chosen: ids(opportunityIds) },
          opportunityIds,
        },
      ]
    : [];
}

const qualificationHas = (column: string, list: readonly number[]) =>
  sql`exists (select 1 from profile_qualifications q where q.profile_id = p.id and q.${sql.raw(column)} = any(${ids(list)}))`;

const qualificationList = (column: string, list: readonly number[]): ListFilter => ({
  of: 'qualification',
  value: column,
  chosen: ids(list),
});

/** The tracker's filters that apply to groups, each its own condition. */
export function filterConditions(filters: ExplorerFilters): NamedCondition[] {
  const out: NamedCondition[] = [];
  if (filters.genders?.length) {
    out.push({
      name: 'genders',
      reads: 'profile',
      where: sql`p.gender::text = any(${texts(filters.genders)})`,
      list: { of: 'person', value: 'p.gender::text', chosen: texts(filters.genders) },
    });
  }
  if (filters.ethnicities?.length) {
    out.push({
      name: 'ethnicities',
      reads: 'profile',
      where: sql`p.ethnicity::text = any(${texts(filters.ethnicities)})`,
      list: { of: 'person', value: 'p.ethnicity::text', chosen: texts(filters.ethnicities) },
    });
  }
  if (filters.institutions?.length) {
    out.push({
      name: 'institutions',
      reads: 'profile',
      where: qualificationHas('institution_id', filters.institutions),
      list: qualificationList('institution_id', filters.institutions),
    });
  }
  if (filters.types?.length) {
    out.push({
      name: 'types',
      reads: 'profile',
      where: qualificationHas('qualification_type_id', filters.types),
      list: qualificationList('qualification_type_id', filters.types),
    });
  }
  if (filters.categories?.length) {
    out.push({
      name: 'categories',
      reads: 'profile',
      where: qualificationHas('qualification_category_id', filters.categories),
      list: qualificationList('qualification_category_id', filters.categories),
    });
  }
  if (filters.disciplines?.length) {
    out.push({
      name: 'disciplines',
      reads: 'profile',
      where: sql`exists (select 1 from profile_qualifications q
        join profile_qualification_disciplines d on d.profile_qualification_id = q.id
        where q.profile_id = p.id and d.discipline_id = any(${ids(filters.disciplines)}))`,
      list: { of: 'discipline', value: 'discipline_id', chosen: ids(filters.disciplines) },
    });
  }
  if (filters.complete !== undefined) {
    out.push({
      name: 'complete',
      reads: 'profile',
      where: sql`coalesce(x.complete, coalesce(p.completion, 0) >= 100) = ${filters.complete}`,
    });
  }
  if (filters.eligible !== undefined) {
    out.push({
      name: 'eligible',
      reads: 'eligibility',
      where: sql`coalesce(x.eligible, false) = ${filters.eligible}`,
    });
  }
  if (filters.referred !== undefined) {
    out.push({
      name: 'referred',
      reads: 'eligibility',
      where: sql`x.referred = ${filters.referred}`,
    });
  }
  return out;
}

const all = (conditions: readonly NamedCondition[]): SQL =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((c) => sql`(${c.where})`),
        sql` and `,
      );

/** The population as `x`, with the profile as `p` and the eligibility only when a condition reads them. */
function base(
  measure: AnalyticsMeasure,
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
): SQL {
  const eligibility = conditions.some((c) => c.reads === 'eligibility');
  const profile = conditions.some((c) => c.reads === 'profile');
  return sql`(${population(measure, scope, eligibility, profile)}) x${
    profile ? sql` left join candidate_profiles p on p.user_id = x.candidate_id` : sql``
  }`;
}

/**
 * The sum of the analytics keys of the distinct people among rows of `candidate`, modulo 256:
 * each person adds the one value `candidate * 256 + key`, whatever rows they have.
 */
const distinctKeys = (candidate: SQL) =>
  sql`sum(distinct ${candidate}::bigint * 256 + ${analyticsKeySql(candidate)})`;

/**
 * How many people match every condition, how many match all but each one in turn, and how many
 * match each of `neighbours` in place of the condition of its name (the dates a week wider or
 * narrower at either end): the numbers the differencing check compares. These are never shown
 * as such.
 */
export async function populationSizes(
  db: DbOrTx,
  measure: AnalyticsMeasure,
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
  neighbours: readonly NamedCondition[] = [],
): Promise<{ n: number; shown: number | null; withoutEach: number[]; neighbours: number[] }> {
  // One row per person (hashed, not sorted per count), with whether any of their rows matches
  // every condition and every condition but each one; then the people counted per column.
  const names = ['n', ...conditions.map((_, i) => `w${i}`), ...neighbours.map((_, i) => `s${i}`)];
  const matches = [
    all(conditions),
    ...conditions.map((_, i) => all(conditions.filter((_c, j) => j !== i))),
    ...neighbours.map((nb) => all([...conditions.filter((c) => c.name !== nb.name), nb])),
  ];
  const perPerson = sql.join(
    matches.map((where, i) => sql`bool_or(${where}) as ${sql.raw(names[i]!)}`),
    sql`, `,
  );
  const columns = sql.join(
    names.map((name) => sql`(count(*) filter (where ${sql.raw(name)}))::int as ${sql.raw(name)}`),
    sql`, `,
  );
  // The answer's own count is shown: with the sum of its people's keys.
  const result = (await db.execute(
    sql`select ${columns}, ${shownCountSql(sql`count(*) filter (where n)`, sql`coalesce(sum(k) filter (where n), 0)`)} as shown from (
      select ${perPerson}, ${analyticsKeySql(sql`x.candidate_id`)} as k
      from ${base(measure, scope, conditions)} group by x.candidate_id) people`,
  )) as unknown as { rows: Record<string, number | null>[] };
  const row = result.rows[0] ?? {};
  return {
    n: Number(row.n ?? 0),
    shown: row.shown === null || row.shown === undefined ? null : Number(row.shown),
    withoutEach: conditions.map((_, i) => Number(row[`w${i}`] ?? 0)),
    neighbours: neighbours.map((_, i) => Number(row[`s${i}`] ?? 0)),
  };
}

/**
 * For each filter that takes a list of values, how many people one value more or one value less
 * in the list would add or leave out, the other filters applied: for a value not chosen, the
 * people with it and none of the chosen values; for a chosen one, the people with it and no
 * other chosen value. Where a person has one value (a gender), that is the people of each value;
 * where they may have several (opportunities, institutions, ...), each person's distinct values
 * are counted per value in SQL. One statement for every list; the distinct numbers are returned,
 * never which value they belong to.
 */
export async function listDifferences(
  db: DbOrTx,
  measure: AnalyticsMeasure,
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
): Promise<number[]> {
  const lists = conditions
    .map((c, i) => ({ list: c.list, others: all(conditions.filter((_c, j) => j !== i)) }))
    .filter((l): l is { list: ListFilter; others: SQL } => l.list !== undefined);
  if (lists.length === 0) return [];
  const ofQualifications = lists.some(
    (l) => l.list.of === 'qualification' || l.list.of === 'discipline',
  );
  // The rows matching the other filters of any list, with a flag per list and its value.
  const columns = lists.flatMap(({ list, others }, k) => [
    sql`(${others}) as ${sql.raw(`m${k}`)}`,
    ...(list.of === 'person'
      ? [sql`${sql.raw(list.value)} as ${sql.raw(`v${k}`)}`]
      : list.of === 'row'
        ? [sql`x.${sql.raw(list.value)} as ${sql.raw(`v${k}`)}`]
        : []),
  ]);
  const branches = lists.map(({ list }, k) => {
    const m = sql.raw(`r.m${k}`);
    const v = sql.raw(`r.v${k}`);
    if (list.of === 'person') {
      return sql`select count(distinct r.candidate_id)::int as n
        from r where ${m} and ${v} is not null group by ${v}`;
    }
    const pairs =
      list.of === 'row'
        ? sql`select distinct r.candidate_id as who, ${v} as v from r where ${m}`
        : list.of === 'qualification'
          ? sql`select distinct r.pid as who, q.${sql.raw(list.value)} as v
              from r join profile_qualifications q on q.profile_id = r.pid
              where ${m} and q.${sql.raw(list.value)} is not null`
          : sql`select distinct r.pid as who, d.discipline_id as v
              from r join profile_qualifications q on q.profile_id = r.pid
              join profile_qualification_disciplines d on d.profile_qualification_id = q.id
              where ${m}`;
    // `k`: how many of the chosen values the person has (none: no row). A value not chosen adds
    // the people with none; a chosen value, taken out, leaves out the people with it alone.
    // Each person's pairs are counted by hashing, not sorted.
    return sql`select n from (
        with pairs as materialized (${pairs})
        select count(*)::int as n
        from pairs pr
        left join (select c.who, count(*) as k from pairs c
                   where c.v = any(${list.chosen}) group by c.who) kc on kc.who = pr.who
        where case when pr.v = any(${list.chosen}) then kc.k = 1 else kc.k is null end
        group by pr.v) counted`;
  });
  const result = (await db.execute(sql`
    with r as materialized (
      select x.candidate_id${ofQualifications ? sql`, p.id as pid` : sql``}, ${sql.join(columns, sql`, `)}
      from ${base(measure, scope, conditions)}
      where ${sql.join(
        lists.map(({ others }) => sql`(${others})`),
        sql` or `,
      )}
    )
    select distinct b.n from (${sql.join(branches, sql` union all `)}) b`)) as unknown as {
    rows: { n: number | string }[];
  };
  return result.rows.map((r) => Number(r.n));
}

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
const dimensionSql: Record<AnalyticsDimension, { key: SQL; label: SQL; group?: SQL }> = {
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
const gridLat = sql`p.grid_latitude`;
const gridLng = sql`p.grid_longitude`;

/**
 * The place of each grid point `lat`, `lng` (numeric columns of the rows being read) as `pl`
 * (its `province`, and `coalesce(pl.city, pl.address)` for the city): the gazetteer place
 * nearest the point, as the database keeps it per point (`grid_places`, kept by triggers on the
 * profiles and the places), joined as a set. A point not kept (none should be) is looked up
 * with the same rule (`nearest_place`), only for that point.
 */
function placeJoins(lat: SQL, lng: SQL): SQL {
  // The lookup is a subquery of the coalesce: it runs only for a point without a row.
  return sql`
    left join grid_places gp on gp.grid_latitude = ${lat} and gp.grid_longitude = ${lng}
    left join locations pl on pl.id = coalesce(gp.location_id, (
      select np.location_id from nearest_place(${lat}::float8, ${lng}::float8) np))`;
}

/**
 * The people of each grid point (from `person_groups`) with the place of the point, as `near`:
 * a place is found once per point, not once per person.
 */
const placedGroups = sql`
  placed as materialized (
    select g.n, g.s, pl.province, coalesce(pl.city, pl.address) as city
    from person_groups g
    ${placeJoins(sql`g.glat`, sql`g.glng`)}
    where g.set = 'grid'
  )`;

/** The joins a breakdown of the rows (`x`, with the profile as `p`) needs for a dimension. */
function joinsFor(dimension: AnalyticsDimension): SQL {
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
const rowDimensions = new Set<AnalyticsDimension>(['week', 'opportunity', 'phase']);

/** Dimensions of the person that put each person in one group: counted in one pass over the people. */
const personSets: Partial<Record<AnalyticsDimension, { set: string; columns: SQL }>> = {
  gender: { set: 'gender', columns: sql`p.gender` },
  ethnicity: { set: 'ethnicity', columns: sql`p.ethnicity` },
  disability: { set: 'disability', columns: sql`p.disability` },
  // Where people come from is counted per point of the 5 km grid, then per place of the points.
  province: { set: 'grid', columns: sql`p.glat, p.glng` },
  city: { set: 'grid', columns: sql`p.glat, p.glng` },
};

/** The column of `person_groups` a set's first column is grouped by, to tell the sets apart. */
const setMarker: Record<string, SQL> = {
  gender: sql`p.gender`,
  ethnicity: sql`p.ethnicity`,
  disability: sql`p.disability`,
  grid: sql`p.glat`,
};

/**
 * Dimensions where one person may have several qualifications: the column of `quals` (the
 * people's qualifications) each is read from, and where its names are.
 */
const qualificationSql: Partial<
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

/**
 * Each person of `people` with the place of their home's grid point, as `near` reads it (for the
 * stays of time in phase, grouped by the place of their person).
 */
const placedPeople = sql`
  placed_people as materialized (
    select pe.candidate_id, pe.pkey, pl.province, coalesce(pl.city, pl.address) as city
    from people pe
    ${placeJoins(sql`pe.glat`, sql`pe.glng`)}
  )`;

/**
 * The stays of time in phase by a dimension of their person: each person is placed in their
 * groups once (`people`, the distinct people of the stays), the people of each group are counted
 * from those (no distinct count over the stays), and each stay is joined to its person's group by
 * the candidate alone for the median. Groups are compared as bytes (`collate "C"`): the same
 * groups, sorted without the language's rules. A person with several qualifications of one
 * group has each of their stays in it once per such qualification, as a join of the stays to the
 * qualifications would.
 */
function stayGroupsOfPeople(dimension: AnalyticsDimension): SQL {
  const d = dimensionSql[dimension];
  const qualification = qualificationSql[dimension];
  if (qualification) {
    const column =
      qualification.column === 'institution' ? 'institution_id' : 'qualification_type_id';
    const k = sql.raw(`coalesce(q.${column}, case when q.id is null then 0 else -1 end)`);
    return sql`
      select ${dimension}::text as dimension,
             case c.k when 0 then 'none' when -1 then 'other' else c.k::text end as key,
             coalesce(${sql.raw(qualification.name)}, case c.k when 0 then 'No qualification stated' else ${qualification.other} end) as label,
             ${shownCountSql(sql`c.n`, sql`c.s`)} as count, m.value
      from (select d.k, count(*) as n, sum(d.pkey) as s
            from (select distinct pe.candidate_id, pe.pkey, ${k} as k
                  from people pe left join profile_qualifications q on q.profile_id = pe.id) d
            group by d.k) c
      join (select ${k} as k, ${medianDays(sql`x.stay`)} as value
            from f x join people pe on pe.candidate_id = x.candidate_id
            left join profile_qualifications q on q.profile_id = pe.id
            group by 1) m on m.k = c.k
      left join ${sql.raw(qualification.table)} i on i.id = c.k`;
  }
  const placed = dimension === 'province' || dimension === 'city';
  const people = placed ? sql`placed_people near` : sql`people p`;
  const person = placed ? sql`near` : sql`p`;
  return sql`
      select ${dimension}::text as dimension, c.key, c.label,
             ${shownCountSql(sql`c.n`, sql`c.s`)} as count, m.value
      from (select (${d.key}) collate "C" as key, ${d.label} as label,
                   count(*) as n, sum(${person}.pkey) as s
            from ${people} group by 1, 2) c
      join (select (${d.key}) collate "C" as key, ${medianDays(sql`x.stay`)} as value
            from f x join ${people} on ${person}.candidate_id = x.candidate_id
            group by 1) m on m.key = c.key`;
}

/**
 * The stays of time in phase by a dimension of the stay (the week it began, its opportunity, its
 * phase): the people of each group are the distinct pairs of group and person, hashed and then
 * counted, and the median is the only aggregate of the stays that sorts them (the stays come
 * in opportunity and phase order from their index).
 */
function stayGroupsOfRows(dimension: AnalyticsDimension): SQL {
  const d = dimensionSql[dimension];
  if (dimension === 'week') {
    return sql`
      select 'week'::text as dimension, to_char(c.week, 'YYYY-MM-DD') as key,
             to_char(c.week, 'YYYY-MM-DD') as label,
             ${shownCountSql(sql`c.n`, sql`c.s`)} as count, m.value
      from (select w.week, count(*) as n, sum(${analyticsKeySql(sql`w.candidate_id`)}) as s
            from (select distinct ${d.group!} as week, x.candidate_id from f x) w
            group by w.week) c
      join (select ${d.group!} as week, ${medianDays(sql`x.stay`)} as value
            from f x group by 1) m on m.week = c.week`;
  }
  const phase = dimension === 'phase';
  const columns = sql.raw(phase ? 'opportunity_id, phase_id' : 'opportunity_id');
  return sql`
      select ${dimension}::text as dimension, ${d.key} as key, ${d.label} as label,
             ${shownCountSql(sql`c.n`, sql`c.s`)} as count, m.value
      from (select ${columns}, count(*) as n, sum(${analyticsKeySql(sql`g.candidate_id`)}) as s
            from (select distinct ${columns}, x.candidate_id from f x) g
            group by ${columns}) c
      join (select ${columns}, ${medianDays(sql`x.stay`)} as value
            from f x group by ${columns}) m using (${columns})
      join opportunities o on o.id = c.opportunity_id
      ${phase ? sql`left join phases ph on ph.id = c.phase_id` : sql``}`;
}

/**
 * People per group of each dimension asked, in one statement. The population (`f`) is the
 * filtered rows; dimensions of the person (who they are, where they live, what they studied)
 * group the distinct people of it (`people`, found once; for the applicants of a whole
 * organization without filters, the counts the database keeps: `organizationPeople`), dimensions
 * of the row group the rows, counting each person once per group. Each reader of `f` reads the
 * rows where they are kept (and in the order of their indexes): storing 100 000 rows first to
 * read them again costs more than reading them twice. For time in phase every dimension groups
 * the stays, and the value is the median days. With `withTotal`, one more row (dimension
 * `total`) carries the number of people counted, unsuppressed, for the service to judge the
 * answer by; it is never shown as such.
 */
export async function breakdowns(
  db: DbOrTx,
  measure: AnalyticsMeasure,
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
  dimensions: readonly AnalyticsDimension[],
  withTotal = false,
): Promise<BreakdownRow[]> {
  if (dimensions.length === 0 && !withTotal) return [];
  const perStay = measure === 'timeInPhase';
  const ofPerson = dimensions.filter((d) => !rowDimensions.has(d));
  if (
    measure === 'applicants' &&
    scope.primary &&
    conditions.length === 0 &&
    (ofPerson.length > 0 || withTotal)
  ) {
    // The applicants of a whole organization, unfiltered: the groups of the person are the
    // counts the database keeps for the organization, not found among every application.
    const ofRows = dimensions.filter((d) => rowDimensions.has(d));
    const rows = ofRows.length > 0 ? await breakdowns(db, measure, scope, [], ofRows) : [];
    return [...rows, ...(await organizationPeople(db, scope.organizationId, ofPerson, withTotal))];
  }
  // The stays of time in phase alone need their people's profiles only for a dimension of them.
  const needsProfiles = !perStay || ofPerson.length > 0;
  const needsPeople = (withTotal && needsProfiles) || ofPerson.length > 0;
  // Gender, ethnicity, disability and the grid point are grouping sets of one pass over people.
  const sets = perStay
    ? []
    : [...new Set(dimensions.flatMap((d) => (personSets[d] ? [personSets[d].set] : [])))];
  const needsPlaces = dimensions.some((d) => d === 'province' || d === 'city');
  const needsQualifications =
    !perStay && dimensions.some((d) => d === 'institution' || d === 'qualificationType');
  const branches = dimensions.map((dimension) => {
    const d = dimensionSql[dimension];
    if (perStay) {
      return rowDimensions.has(dimension)
        ? stayGroupsOfRows(dimension)
        : stayGroupsOfPeople(dimension);
    }
    const ofPeople = !perStay && !rowDimensions.has(dimension);
    if (measure === 'applicants' && dimension === 'week') {
      // Applications are indexed by their week and candidate: the people of each week are
      // counted in the index's order, with no sort or hash of every row.
      return sql`
      select 'week'::text as dimension, to_char(w.week, 'YYYY-MM-DD') as key,
             to_char(w.week, 'YYYY-MM-DD') as label,
             ${shownCountSql(sql`w.n`, sql`w.s`)} as count, null::float8 as value
      from (select ${d.group!} as week, count(distinct x.candidate_id) as n,
                   ${distinctKeys(sql`x.candidate_id`)} as s
            from f x group by 1) w`;
    }
    if (!perStay && dimension === 'week') {
      // The distinct people of each week hashed first, then counted: no sort of every row.
      return sql`
      select 'week'::text as dimension, to_char(w.week, 'YYYY-MM-DD') as key,
             to_char(w.week, 'YYYY-MM-DD') as label,
             ${shownCountSql(sql`count(*)`, sql`sum(${analyticsKeySql(sql`w.candidate_id`)})`)} as count, null::float8 as value
      from (select distinct ${d.group!} as week, x.candidate_id from f x) w
      group by w.week`;
    }
    const personSet = ofPeople ? personSets[dimension] : undefined;
    if (personSet) {
      // The groups of the person's set, summed per key (a place sums its grid points).
      return personSet.set === 'grid'
        ? sql`
      select ${dimension}::text as dimension, ${d.key} as key, ${d.label} as label,
             ${shownCountSql(sql`sum(near.n)`, sql`sum(near.s)`)} as count, null::float8 as value
      from placed near
      group by 2, 3`
        : sql`
      select ${dimension}::text as dimension, ${d.key} as key, ${d.label} as label,
             ${shownCountSql(sql`sum(p.n)`, sql`sum(p.s)`)} as count, null::float8 as value
      from person_groups p
      where p.set = ${personSet.set}
      group by 2, 3`;
    }
    const qualification = ofPeople ? qualificationSql[dimension] : undefined;
    if (qualification) {
      // Each person once per key: 0 for no qualification stated, -1 for a qualification
      // without this attribute, else the attribute's id. The distinct (profile, key) pairs of
      // the people's qualifications are hashed and counted; everyone else (no profile, or no
      // qualification) is the people less those with a qualification.
      return sql`
      select ${dimension}::text as dimension,
             case k.k when 0 then 'none' when -1 then 'other' else k.k::text end as key,
             coalesce(${sql.raw(qualification.name)}, case k.k when 0 then 'No qualification stated' else ${qualification.other} end) as label,
             ${shownCountSql(sql`k.n`, sql`k.s`)} as count, null::float8 as value
      from (select d.k, count(*) as n, sum(d.pkey) as s
            from (select distinct q.profile_id, q.pkey, q.${sql.raw(qualification.column)} as k from quals q) d
            group by d.k
            union all
            select 0, (select count(*) from people) - (select count(distinct q.profile_id) from quals q),
                   (select coalesce(sum(pkey), 0) from people)
                   - (select coalesce(sum(q.pkey), 0) from (select distinct profile_id, pkey from quals) q)) k
      left join ${sql.raw(qualification.table)} i on i.id = k.k
      where k.n > 0`;
    }
    // Applications and eligibilities are one per person and opportunity, in one phase each: a
    // group of the row (opportunity, phase) holds each person once.
    const oneRowEach = !perStay && (dimension === 'opportunity' || dimension === 'phase');
    const count = oneRowEach ? sql`count(*)` : sql`count(distinct x.candidate_id)`;
    const keys = oneRowEach
      ? sql`sum(${analyticsKeySql(sql`x.candidate_id`)})`
      : distinctKeys(sql`x.candidate_id`);
    const value = perStay ? medianDays(sql`x.stay`) : sql`null::float8`;
    if (dimension === 'opportunity' || dimension === 'phase') {
      // The rows are counted by their ids first; only the groups are joined to their names.
      const phase = dimension === 'phase';
      return sql`
      select ${dimension}::text as dimension, ${d.key} as key, ${d.label} as label,
             ${shownCountSql(sql`g.n`, sql`g.s`)} as count, g.value
      from (select x.opportunity_id${phase ? sql`, x.phase_id` : sql``}, ${count} as n, ${keys} as s, ${value} as value
            from f x group by ${phase ? sql`x.phase_id, ` : sql``}x.opportunity_id) g
      join opportunities o on o.id = g.opportunity_id
      ${phase ? sql`left join phases ph on ph.id = g.phase_id` : sql``}`;
    }
    return sql`
      select ${dimension}::text as dimension, ${d.key} as key, ${d.label} as label,
             ${shownCountSql(count, keys)} as count, ${value} as value
      from f x left join candidate_profiles p on p.user_id = x.candidate_id
      ${joinsFor(dimension)}
      group by ${d.group ?? sql`2, 3`}`;
  });
  if (withTotal) {
    branches.push(sql`
      select 'total'::text as dimension, '' as key, '' as label, count(*)::int as count,
             ${shownCountSql(sql`count(*)`, sql`coalesce(sum(p.pkey), 0)`)}::float8 as value
      from ${needsProfiles ? sql`people p` : sql`(select distinct candidate_id, ${analyticsKeySql(sql`candidate_id`)} as pkey from f) p`}`);
  }
  const groupingSets = sql.join(
    sets.map(
      (set) =>
        sql`(${personSets[set === 'grid' ? 'province' : (set as AnalyticsDimension)]!.columns})`,
    ),
    sql`, `,
  );
  const setOf = sql.join(
    sets.map((set) => sql`when grouping(${setMarker[set]!}) = 0 then ${set}`),
    sql` `,
  );
  const narrow = narrowed(scope, conditions);
  const result = (await db.execute(sql`
    with f as ${
      // The stays are read twice (their people, their medians): with a filter that joins their
      // applications and profiles, they are found once and kept; plain stays are read twice
      // from their index, cheaper than keeping them.
      perStay && narrow.rest.length > 0 ? sql`materialized` : sql`not materialized`
    } (
      select x.candidate_id, x.opportunity_id, x.phase_id, x.at, x.stay
      from ${base(measure, narrow.scope, narrow.rest)} where ${all(narrow.rest)}
    )${
      needsPeople
        ? sql`, people as materialized (
            select u.candidate_id, ${analyticsKeySql(sql`u.candidate_id`)} as pkey, p.id, p.gender,
                   p.ethnicity, p.disability, ${gridLat} as glat, ${gridLng} as glng
            from (select distinct candidate_id from f) u
            left join candidate_profiles p on p.user_id = u.candidate_id)`
        : sql``
    }${
      sets.length > 0
        ? sql`, person_groups as materialized (
            select (case ${setOf} end)::text as set, ${sql.join(
              [...new Set(sets.flatMap((set) => (set === 'grid' ? ['glat', 'glng'] : [set])))].map(
                (c) => sql.raw(`p.${c}`),
              ),
              sql`, `,
            )}, count(*) as n, sum(p.pkey) as s
            from people p group by grouping sets (${groupingSets}))`
        : sql``
    }${
      needsQualifications
        ? sql`, quals as materialized (
            select q.profile_id, p.pkey, coalesce(q.institution_id, -1) as institution,
                   coalesce(q.qualification_type_id, -1) as type
            from people p join profile_qualifications q on q.profile_id = p.id)`
        : sql``
    }${needsPlaces ? (perStay ? sql`, ${placedPeople}` : sql`, ${placedGroups}`) : sql``}
    ${sql.join(branches, sql` union all `)}`)) as unknown as { rows: RawBreakdownRow[] };
  return result.rows.map(breakdownRow);
}

/** A breakdown's row as the driver returns it (counts may come as strings). */
interface RawBreakdownRow {
  dimension: AnalyticsDimension | 'total';
  key: string;
  label: string;
  count: number | string | null;
  value: number | string | null;
}

const breakdownRow = (r: RawBreakdownRow): BreakdownRow => ({
  dimension: r.dimension,
  key: r.key,
  label: r.label,
  count: r.count === null ? null : Number(r.count),
  value: r.value === null ? null : Number(r.value),
});

/**
 * The applicants of a whole organization by the dimensions of the person, from the counts the
 * database keeps per organization, group and key (`organization_person_counts`: the sum of the
 * keys `person_keys` gives each of the organization's applicants). A place sums the points of
 * the 5 km grid nearest to it; a qualification's key is `0` for no qualification stated and `-1`
 * for one without the attribute. The total is the sum of the genders: everyone has one.
 */
async function organizationPeople(
  db: DbOrTx,
  organizationId: number,
  dimensions: readonly AnalyticsDimension[],
  withTotal: boolean,
): Promise<BreakdownRow[]> {
  const branches = dimensions.map((dimension) => {
    const d = dimensionSql[dimension];
    const qualification = qualificationSql[dimension];
    if (dimension === 'province' || dimension === 'city') {
      return sql`
      select ${dimension}::text as dimension, ${d.key} as key, ${d.label} as label,
             ${shownCountSql(sql`sum(near.n)`, sql`sum(near.s)`)} as count, null::float8 as value
      from placed near
      group by 2, 3`;
    }
    if (qualification) {
      return sql`
      select ${dimension}::text as dimension,
             case c.key when '0' then 'none' when '-1' then 'other' else c.key end as key,
             coalesce(${sql.raw(qualification.name)}, case c.key when '0' then 'No qualification stated' else ${qualification.other} end) as label,
             ${shownCountSql(sql`c.people`, sql`c.key_sum`)} as count, null::float8 as value
      from counted c
      left join ${sql.raw(qualification.table)} i on i.id::text = c.key
      where c.dimension = ${dimension}`;
    }
    return sql`
      select ${dimension}::text as dimension, c.key, '' as label,
             ${shownCountSql(sql`c.people`, sql`c.key_sum`)} as count, null::float8 as value
      from counted c where c.dimension = ${dimension}`;
  });
  if (withTotal) {
    branches.push(sql`
      select 'total'::text as dimension, '' as key, '' as label,
             coalesce(sum(c.people), 0)::int as count,
             ${shownCountSql(sql`coalesce(sum(c.people), 0)`, sql`coalesce(sum(c.key_sum), 0)`)}::float8 as value
      from counted c where c.dimension = 'gender'`);
  }
  const needsPlaces = dimensions.some((d) => d === 'province' || d === 'city');
  const result = (await db.execute(sql`
    with counted as materialized (
      select c.dimension, c.key, c.people, c.key_sum from organization_person_counts c
      where c.organization_id = ${organizationId}
    )${
      needsPlaces
        ? sql`, placed as materialized (
            select c.people as n, c.key_sum as s, pl.province, coalesce(pl.city, pl.address) as city
            from (select c.people, c.key_sum,
                         nullif(split_part(c.key, ',', 1), 'none')::numeric as lat,
                         nullif(split_part(c.key, ',', 2), '')::numeric as lng
                  from organization_person_counts c
                  where c.organization_id = ${organizationId} and c.dimension = 'grid') c
            ${placeJoins(sql`c.lat`, sql`c.lng`)})`
        : sql``
    }
    ${sql.join(branches, sql` union all `)}`)) as unknown as { rows: RawBreakdownRow[] };
  return result.rows.map(breakdownRow);
}

/**
 * The breakdowns of `breakdowns`, the dimensions of the rows (week, opportunity) in a statement
 * of their own beside those of the people, each in its own read-only transaction on its own
 * connection: the call waits for the longer of the two, not their sum. Time in phase groups
 * stays alone and is asked for in one statement.
 */
export async function breakdownsApart(
  db: Db,
  measure: AnalyticsMeasure,
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
  dimensions: readonly AnalyticsDimension[],
  withTotal = false,
): Promise<BreakdownRow[]> {
  const ofRows = measure === 'timeInPhase' ? [] : dimensions.filter((d) => rowDimensions.has(d));
  const ofPeople = dimensions.filter((d) => !ofRows.includes(d));
  if (ofRows.length === 0 || (ofPeople.length === 0 && !withTotal)) {
    return reading(db, (tx) => breakdowns(tx, measure, scope, conditions, dimensions, withTotal));
  }
  const parts = await Promise.all([
    reading(db, (tx) => breakdowns(tx, measure, scope, conditions, ofRows)),
    reading(db, (tx) => breakdowns(tx, measure, scope, conditions, ofPeople, withTotal)),
  ]);
  return parts.flat();
}

/** The phases of every workspace in sight in pipeline order: the initial phase, then each next. */
const phaseChain = (scope: AnalyticsScope) => sql`
  select ph.id, ph.opportunity_id, ph.name, ph.next_phase_id, 1 as position
  from phases ph where ph.initial and ${visible(sql`ph.opportunity_id`, scope)}
  union all
  select n.id, n.opportunity_id, n.name, n.next_phase_id, c.position + 1
  from chain c join phases n on n.id = c.next_phase_id where c.position < 100`;

/** Each phase in sight with its workspace and its place in the pipeline (1: the initial phase). */
export async function phasePositions(
  db: DbOrTx,
  scope: AnalyticsScope,
): Promise<{ phaseId: number; opportunityId: number; position: number }[]> {
  const result = (await db.execute(sql`
    with recursive chain as (${phaseChain(scope)})
    select id, opportunity_id, position from chain`)) as unknown as {
    rows: { id: number; opportunity_id: number; position: number }[];
  };
  return result.rows.map((r) => ({
    phaseId: Number(r.id),
    opportunityId: Number(r.opportunity_id),
    position: Number(r.position),
  }));
}

/** One phase of one workspace with the people who reached it and how long they stayed. */
export interface PhaseFunnelRow {
  opportunityId: number;
  opportunityName: string;
  phaseId: number;
  phaseName: string;
  position: number;
  reached: number | null;
  medianDays: number | null;
}

/**
 * The phase funnel of every workspace in sight: phases in pipeline order (the initial phase,
 * then each next phase), how many of the applicants counted reached each, and the median days
 * their stays lasted. Applications are those the conditions keep (dates, opportunities); with
 * `opportunityIds`, only the funnels of those workspaces are given.
 */
export async function phaseFunnels(
  db: DbOrTx,
  scope: AnalyticsScope,
  conditions: readonly NamedCondition[],
  opportunityIds?: readonly number[],
): Promise<PhaseFunnelRow[]> {
  // Stays carry their application's opportunity: a filter on nothing but opportunities reads the
  // stays alone; one on the dates applied finds the applications first.
  const byOpportunityOnly = conditions.every((c) => c.name === 'opportunities');
  const narrow = narrowed(scope, conditions);
  const stay = (s: string) =>
    sql`coalesce(${sql.raw(s)}.left_at, now()) - ${sql.raw(s)}.entered_at as stay`;
  const result = (await db.execute(sql`
    with recursive ${
      byOpportunityOnly
        ? sql`stays as (
      select x.application_id, x.candidate_id, x.phase_id, ${stay('x')}
      from application_phase_stays x
      where ${visible(sql`x.opportunity_id`, narrow.scope)} and x.phase_id is not null
        and ${all(narrow.rest)}
    ),`
        : sql`apps as materialized (
      select x.application_id as id from ${base('applicants', narrow.scope, narrow.rest)} where ${all(narrow.rest)}
    ),
    stays as (
      select s.application_id, s.candidate_id, s.phase_id, ${stay('s')}
      from application_phase_stays s join apps on apps.id = s.application_id
      where s.phase_id is not null
    ),`
    }
    chain as (${phaseChain(scope)}),
    per_phase as (
      select st.phase_id, count(distinct st.application_id) as reached,
             ${distinctKeys(sql`st.candidate_id`)} as keys,
             ${medianDays(sql`st.stay`)} as median_days
      from stays st group by st.phase_id
    )
    select c.opportunity_id, o.name as opportunity_name, c.id as phase_id, c.name as phase_name,
           c.position, ${shownCountSql(sql`coalesce(pp.reached, 0)`, sql`coalesce(pp.keys, 0)`)} as reached,
           case when coalesce(pp.reached, 0) >= 5 then round(pp.median_days::numeric, 1)::float8 end as median_days
    from chain c
    join opportunities o on o.id = c.opportunity_id
    left join per_phase pp on pp.phase_id = c.id
    ${opportunityIds && opportunityIds.length > 0 ? sql`where c.opportunity_id = any(${ids(opportunityIds)})` : sql``}
    order by o.name, c.opportunity_id, c.position`)) as unknown as {
    rows: {
      opportunity_id: number;
      opportunity_name: string;
      phase_id: number;
      phase_name: string;
      position: number;
      reached: number | null;
      median_days: number | null;
    }[];
  };
  return result.rows.map((r) => ({
    opportunityId: Number(r.opportunity_id),
    opportunityName: r.opportunity_name,
    phaseId: Number(r.phase_id),
    phaseName: r.phase_name,
    position: Number(r.position),
    reached: r.reached === null ? null : Number(r.reached),
    medianDays: r.median_days === null ? null : Number(r.median_days),
  }));
}
