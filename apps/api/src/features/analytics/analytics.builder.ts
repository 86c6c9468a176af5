import type { AnalyticsMeasure } from '@pathways/shared/analytics/analytics.schemas';
import { sql, type SQL } from 'drizzle-orm';

import { managedOpportunitiesSql } from '../../access/index.ts';
import { analyticsKeySql } from '../../db/analytics-key.ts';
import type { Db, DbOrTx } from '../../db/client.ts';

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
// This module writes the parts every statement shares (the scope, the population, the
// conditions joined); the statements of each kind of question are in their own repository:
// `sizes.repository.ts` (how many people, for the differencing check), `breakdowns.repository.ts`
// (people per group), `organization-people.repository.ts` (the counts kept per organization) and
// `funnels.repository.ts` (the phase funnels).

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

export const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;
export const texts = (list: readonly string[]) =>
  sql`${`{${list.map((s) => `"${s.replaceAll(/["\\]/g, '')}"`).join(',')}}`}::text[]`;

/** `column` is one of the opportunities the user sees. */
export function visible(column: SQL, scope: AnalyticsScope): SQL {
  return scope.opportunityIds
    ? sql`${column} = any(${ids(scope.opportunityIds)})`
    : sql`${column} in (${managedOpportunitiesSql(scope)})`;
}

/**
 * The scope and conditions of a statement that keeps only rows matching every condition: with a
 * filter on opportunities, the scope is the opportunities seen and chosen, so the rows are looked
 * up in those alone, and the filter is left to it (the planner would count it twice).
 */
export function narrowed(
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
    sql`select v.id from (${managedOpportunitiesSql(scope)}) v order by v.id`,
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
export const medianDays = (stay: SQL) =>
  sql`(extract(epoch from percentile_cont(0.5) within group (order by ${stay})) / 86400.0)::float8`;

export const all = (conditions: readonly NamedCondition[]): SQL =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((c) => sql`(${c.where})`),
        sql` and `,
      );

/** The population as `x`, with the profile as `p` and the eligibility only when a condition reads them. */
export function base(
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
export const distinctKeys = (candidate: SQL) =>
  sql`sum(distinct ${candidate}::bigint * 256 + ${analyticsKeySql(candidate)})`;
