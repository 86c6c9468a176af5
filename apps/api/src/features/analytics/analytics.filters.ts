import type { ExplorerFilters } from '@pathways/shared/analytics/analytics.schemas';
import { sql, type SQL } from 'drizzle-orm';

import { addDays } from '@pathways/shared/analytics/analytics.rules';

import { ids, texts, type ListFilter, type NamedCondition } from './analytics.builder.ts';

// The conditions of a question, each named so the differencing check can leave it out in turn:
// the period, the opportunities chosen and the explorer's filters of the person and the row.

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
