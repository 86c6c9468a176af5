import type { AnalyticsDimension } from '@pathways/shared/analytics/analytics.schemas';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  breakdownRow,
  dimensionSql,
  placeJoins,
  qualificationSql,
  type BreakdownRow,
  type RawBreakdownRow,
} from './dimensions.sql.ts';
import { shownCountSql } from './suppression.sql.ts';

/**
 * The applicants of a whole organization by the dimensions of the person, from the counts the
 * database keeps per organization, group and key (`organization_person_counts`: the sum of the
 * keys `person_keys` gives each of the organization's applicants). A place sums the points of
 * the 5 km grid nearest to it; a qualification's key is `0` for no qualification stated and `-1`
 * for one without the attribute. The total is the sum of the genders: everyone has one.
 */
export async function organizationPeople(
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
