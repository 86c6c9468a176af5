import type {
  AnalyticsDimension,
  AnalyticsMeasure,
} from '@pathways/shared/analytics/analytics.schemas';
import { sql, type SQL } from 'drizzle-orm';

import { analyticsKeySql } from '../../db/analytics-key.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  all,
  base,
  distinctKeys,
  medianDays,
  narrowed,
  reading,
  type AnalyticsScope,
  type NamedCondition,
} from './analytics.builder.ts';
import {
  breakdownRow,
  dimensionSql,
  gridLat,
  gridLng,
  joinsFor,
  personSets,
  placeJoins,
  qualificationSql,
  rowDimensions,
  setMarker,
  type BreakdownRow,
  type RawBreakdownRow,
} from './dimensions.sql.ts';
import { organizationPeople } from './organization-people.repository.ts';
import { shownCountSql } from './suppression.sql.ts';

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

/**
 * Where the people of the stays of time in phase live, named once per grid point of their homes
 * (`placed_points`: a few thousand points, not a place per person or per stay), each place
 * numbered per dimension (`province_place`, `city_place`: the same number for the same key), and
 * each person of `people` with the numbers of their point (`placed_people`), so the stays are
 * grouped by an integer. A person without a home is on the point (null, null), "not stated".
 * (Every person has their point: the join is written as a left join for the planner, which
 * then never takes the people for fewer than they are.)
 */
const placedPeople = sql`
  placed_points as materialized (
    select n.glat, n.glng, n.province_key, n.province_label, n.city_key, n.city_label,
           dense_rank() over (order by n.province_key collate "C") as province_place,
           dense_rank() over (order by n.city_key collate "C") as city_place
    from (select pt.glat, pt.glng,
                 ${dimensionSql.province.key} as province_key, ${dimensionSql.province.label} as province_label,
                 ${dimensionSql.city.key} as city_key, ${dimensionSql.city.label} as city_label
          from (select distinct pe.glat, pe.glng from people pe) pt
          ${placeJoins(sql`pt.glat`, sql`pt.glng`)}
          cross join lateral (select pl.province, coalesce(pl.city, pl.address) as city) near) n
  ),
  placed_people as materialized (
    select pe.candidate_id, pe.pkey, pp.province_place, pp.city_place
    from people pe
    left join placed_points pp on coalesce(pp.glat, 1000) = coalesce(pe.glat, 1000)
                         and coalesce(pp.glng, 1000) = coalesce(pe.glng, 1000)
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
  if (dimension === 'province' || dimension === 'city') {
    const place = sql.raw(`${dimension}_place`);
    return sql`
      select ${dimension}::text as dimension, k.key, k.label,
             ${shownCountSql(sql`c.n`, sql`c.s`)} as count, m.value
      from (select pp.${place} as place, count(*) as n, sum(pp.pkey) as s
            from placed_people pp group by 1) c
      join (select pp.${place} as place, ${medianDays(sql`x.stay`)} as value
            from f x join placed_people pp on pp.candidate_id = x.candidate_id
            group by 1) m on m.place = c.place
      join (select distinct pt.${place} as place, pt.${sql.raw(`${dimension}_key`)} as key,
                   pt.${sql.raw(`${dimension}_label`)} as label
            from placed_points pt) k on k.place = c.place`;
  }
  const people = sql`people p`;
  const person = sql`p`;
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
      // Each person once per key: 0 for no qualification stated (no profile, or no
      // qualification), -1 for a qualification without this attribute, else the attribute's id.
      // The distinct (person, key) pairs of `quals` (everyone, with each of their
      // qualifications or none) are hashed and counted, in one pass.
      return sql`
      select ${dimension}::text as dimension,
             case k.k when 0 then 'none' when -1 then 'other' else k.k::text end as key,
             coalesce(${sql.raw(qualification.name)}, case k.k when 0 then 'No qualification stated' else ${qualification.other} end) as label,
             ${shownCountSql(sql`k.n`, sql`k.s`)} as count, null::float8 as value
      from (select d.k, count(*) as n, sum(d.pkey) as s
            from (select distinct q.candidate_id, q.pkey, q.${sql.raw(qualification.column)} as k from quals q) d
            group by d.k) k
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
            select p.candidate_id, p.pkey,
                   case when q.id is null then 0 else coalesce(q.institution_id, -1) end as institution,
                   case when q.id is null then 0 else coalesce(q.qualification_type_id, -1) end as type
            from people p left join profile_qualifications q on q.profile_id = p.id)`
        : sql``
    }${needsPlaces ? (perStay ? sql`, ${placedPeople}` : sql`, ${placedGroups}`) : sql``}
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
