import type { AnalyticsMeasure } from '@pathways/shared/analytics/analytics.schemas';
import { sql, type SQL } from 'drizzle-orm';

import { analyticsKeySql } from '../../db/analytics-key.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  all,
  base,
  type AnalyticsScope,
  type ListFilter,
  type NamedCondition,
} from './analytics.builder.ts';
import { shownCountSql } from './suppression.sql.ts';

// How many people an answer counts, and the numbers the differencing check compares them with:
// never shown as such, only used to withhold an answer that would single out a small group.

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
