import { sql } from 'drizzle-orm';

import { analyticsKeySql } from '../../db/analytics-key.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  all,
  base,
  distinctKeys,
  ids,
  medianDays,
  narrowed,
  visible,
  type AnalyticsScope,
  type NamedCondition,
} from './analytics.builder.ts';
import { shownCountSql } from './suppression.sql.ts';

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
        ? sql`stays as not materialized (
      select x.application_id, x.candidate_id, x.opportunity_id, x.phase_id, ${stay('x')}
      from application_phase_stays x
      where ${visible(sql`x.opportunity_id`, narrow.scope)} and x.phase_id is not null
        and ${all(narrow.rest)}
    ),`
        : sql`apps as materialized (
      select x.application_id as id from ${base('applicants', narrow.scope, narrow.rest)} where ${all(narrow.rest)}
    ),
    stays as (
      select s.application_id, s.candidate_id, s.opportunity_id, s.phase_id, ${stay('s')}
      from application_phase_stays s join apps on apps.id = s.application_id
      where s.phase_id is not null
    ),`
    }
    chain as (${phaseChain(scope)}),
    ${
      byOpportunityOnly
        ? // A phase is of one workspace, where each person has one application: the people who
          // reached a phase are its distinct (phase, person) pairs. Both are read in the order of
          // the stays' index (workspace, phase, person): the pairs are told apart as they come,
          // with no sort or hash of every stay, and the median sorts each phase's stays alone.
          sql`per_phase as (
      select m.phase_id, r.reached, r.keys, m.median_days
      from (select st.phase_id, ${medianDays(sql`st.stay`)} as median_days
            from stays st group by st.opportunity_id, st.phase_id) m
      join (select d.phase_id, count(*) as reached, sum(${analyticsKeySql(sql`d.candidate_id`)}) as keys
            from (select st.opportunity_id, st.phase_id, st.candidate_id from stays st
                  group by st.opportunity_id, st.phase_id, st.candidate_id) d
            group by d.opportunity_id, d.phase_id) r on r.phase_id = m.phase_id
    )`
        : // The stays of the applications found come in no order: one sort by phase serves all.
          sql`per_phase as (
      select st.phase_id, count(distinct st.application_id) as reached,
             ${distinctKeys(sql`st.candidate_id`)} as keys,
             ${medianDays(sql`st.stay`)} as median_days
      from stays st group by st.phase_id
    )`
    }
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
