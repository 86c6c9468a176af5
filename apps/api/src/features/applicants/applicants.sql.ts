import { EARTH_RADIUS_KM } from '@pathways/shared/common/constants';
import { activeFilters, parseCoordinates } from '@pathways/shared/applicants/applicants.rules';
import type {
  ApplicantCursor,
  ApplicantFilters,
  ApplicantSort,
  ApplicantSortKey,
} from '@pathways/shared/applicants/applicants.schemas';
import { REGRETTED, WITHDRAWN } from '@pathways/shared/pipeline/standing';
import { sql, type SQL } from 'drizzle-orm';

import { trackerRatingSql } from '../feedback/index.ts';
import { unreadCountSql } from '../messages/index.ts';
import { standingOfSql } from '../workspaces/index.ts';

// The SQL twins of the tracker's shared rules (`applicants.rules.ts`), each named after its
// TypeScript rule; a property test holds each pair equal on random applicants, filters and
// sorts. They read one FROM clause, `APPLICANT_FROM`: the applications (unaliased), their
// candidate `u`, the candidate's profile `cp` and the eligibility `e` for that opportunity.
// Every join is a left join on a unique key (an application always has its candidate), so the
// database leaves out those a statement does not read.

export const APPLICANT_FROM = sql`applications
  left join users u on u.id = applications.candidate_id
  left join candidate_profiles cp on cp.user_id = applications.candidate_id
  left join eligibilities e
    on e.candidate_id = applications.candidate_id and e.opportunity_id = applications.opportunity_id`;

const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;
const texts = (list: readonly string[]) => sql`${`{${list.join(',')}}`}::text[]`;
const and = (parts: SQL[]): SQL =>
  parts.length === 0
    ? sql`true`
    : sql.join(
        parts.map((part) => sql`(${part})`),
        sql` and `,
      );

/** Degrees to radians as the TypeScript rule computes them: (degrees * π) / 180. */
const radians = (degrees: SQL) => sql`((${degrees}) * pi() / 180)`;

/**
 * `haversineMeters` of the shared distance rule, from a centre to the profile's home, in the
 * same steps and the same order of operations, in float8.
 */
function haversineMetersSql(centre: { latitude: number; longitude: number }): SQL {
  const lat = sql`${centre.latitude}::float8`;
  const lon = sql`${centre.longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * 1000 * asin(least(1::float8, sqrt(
    power(sin(${radians(sql`cp.latitude - ${lat}`)} / 2), 2)
    + cos(${radians(lat)}) * cos(${radians(sql`cp.latitude`)})
      * power(sin(${radians(sql`cp.longitude - ${lon}`)} / 2), 2)))))`;
}

/** The UTC day of an instant, 'YYYY-MM-DD', as the rules compare qualification periods with. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The qualification filters of `matchesApplicantFilters` on one qualification `q`, or null when
 * none is active.
 */
function qualificationTestSql(filters: ApplicantFilters, now: Date): SQL | null {
  const tests: SQL[] = [];
  const { grade, institutions, categories, types, disciplines, period, verified } = filters;
  if (grade) {
    tests.push(
      sql`q.grade_normalized > ${String(grade.min)}::numeric and q.grade_normalized <= ${String(grade.max)}::numeric`,
    );
  }
  if (institutions) tests.push(sql`q.institution_id = any(${ids(institutions)})`);
  if (categories) tests.push(sql`q.qualification_category_id = any(${ids(categories)})`);
  if (types) tests.push(sql`q.qualification_type_id = any(${ids(types)})`);
  if (disciplines) {
    tests.push(sql`exists (select 1 from profile_qualification_disciplines d
      where d.profile_qualification_id = q.id and d.discipline_id = any(${ids(disciplines)}))`);
  }
  if (period) {
    const today = sql`${utcDay(now)}::date`;
    if (period === 'completed') tests.push(sql`q.ends_at < ${today}`);
    else if (period === 'current') {
      tests.push(sql`q.starts_at <= ${today} and (q.ends_at is null or q.ends_at >= ${today})`);
    } else tests.push(sql`q.starts_at > ${today}`);
  }
  if (verified) tests.push(sql`q.verified_at is not null`);
  return tests.length === 0 ? null : and(tests);
}

/**
 * `matchesApplicantFilters`: whether an application (over `APPLICANT_FROM`) passes the filters,
 * judged on `now`'s UTC day. Always true or false, never null.
 */
export function matchesApplicantFiltersSql(filters: ApplicantFilters, now: Date): SQL {
  const active = activeFilters(filters);
  const tests: SQL[] = [];
  if (active.name) {
    // Contained in "first last" is contained in the first name, the last name or across both.
    const needle = active.name.toLowerCase();
    tests.push(sql`strpos(lower(coalesce(cp.first_names, u.first_name, '') || ' '
      || coalesce(cp.last_name, u.last_name, '')), ${needle}) > 0`);
  }
  const centre = parseCoordinates(active.location);
  if (centre && active.distance !== undefined) {
    tests.push(sql`cp.latitude is not null and cp.longitude is not null
      and ${haversineMetersSql(centre)} <= ${active.distance * 1000}::float8`);
  }
  if (active.ethnicities) tests.push(sql`cp.ethnicity::text = any(${texts(active.ethnicities)})`);
  if (active.genders) tests.push(sql`cp.gender::text = any(${texts(active.genders)})`);
  if (active.locations) {
    tests.push(sql`exists (select 1 from application_locations al
      where al.application_id = applications.id
        and al.opportunity_location_id = any(${ids(active.locations)}))`);
  }
  if (active.complete) tests.push(sql`applications.complete`);
  if (active.referred) tests.push(sql`e.referred_at is not null`);
  if (active.eligible !== undefined)
    tests.push(sql`e.eligible is ${sql.raw(String(active.eligible))}`);

  const qualification = qualificationTestSql(active, now);
  if (active.multiple) {
    tests.push(sql`(select count(*) from profile_qualifications q
      where q.profile_id = cp.id and ${qualification ?? sql`true`}) > 1`);
  } else if (qualification) {
    tests.push(sql`exists (select 1 from profile_qualifications q
      where q.profile_id = cp.id and ${qualification})`);
  }
  return sql`coalesce(${and(tests)}, false)`;
}

/** `ranksFirst`: eligible with a complete profile. */
export const ranksFirstSql = sql`(e.eligible is true and applications.complete)`;

/** Characters JavaScript's trim() removes that matter for a name. */
const TRIMMED = ' \t\n\r\u000b\u000c\u00a0\u2028\u2029\ufeff';

/**
 * `sortValue`: what a row sorts by under each key, null when it has none. Last names sort in
 * the `applicant_name` collation (ICU, primary strength: case and accents ignored), the twin of
 * the rules' Intl.Collator('en', { sensitivity: 'base' }); instants to the millisecond the
 * rows carry.
 */
export function sortValueSql(key: ApplicantSortKey, organizationId: number): SQL {
  switch (key) {
    case 'id':
      return sql`applications.id`;
    case 'createdAt':
      return sql`date_trunc('milliseconds', applications.created_at)`;
    case 'completion':
      return sql`applications.completion`;
    case 'profile.lastName.sort':
      return sql`(nullif(btrim(coalesce(cp.last_name, u.last_name), ${TRIMMED}), '') collate applicant_name)`;
    case 'applicationRating.value':
      return trackerRatingSql(
        sql`applications.application_rating`,
        sql`applications.id`,
        organizationId,
      );
    case 'profile.assessmentAggregate':
      return sql`(select avg(ar.aggregate)::float8 from assessment_results ar where ar.profile_id = cp.id)`;
    case 'unreadChats':
      return unreadCountSql(sql`applications.id`, 'client');
  }
}

/** A cursor's value as SQL of the sort value's type. */
function cursorValueSql(key: ApplicantSortKey, value: number | string): SQL {
  if (key === 'createdAt') return sql`${String(value)}::timestamptz`;
  if (key === 'profile.lastName.sort') return sql`(${String(value)}::text collate applicant_name)`;
  return sql`${Number(value)}::float8`;
}

/**
 * `compareApplicants`: the tracker's order as ORDER BY (eligible and complete first, then the
 * sort's value with missing values last whichever the direction, then id ascending), and the
 * keyset conditions for the rows after and before a cursor in that order. `reverse` gives the
 * order backwards, for reading the rows before a cursor nearest first.
 */
export function compareApplicantsSql(sort: ApplicantSort, organizationId: number) {
  const value = sortValueSql(sort.key, organizationId);
  const asc = sort.direction === 'asc';
  const greater = sql.raw(asc ? '>' : '<');
  const less = sql.raw(asc ? '<' : '>');
  return {
    value,
    orderBy(reverse = false): SQL {
      return reverse
        ? sql`${ranksFirstSql} asc, ${value} ${sql.raw(asc ? 'desc' : 'asc')} nulls first, applications.id desc`
        : sql`${ranksFirstSql} desc, ${value} ${sql.raw(asc ? 'asc' : 'desc')} nulls last, applications.id asc`;
    },
    /** The rows after the cursor's row (or before it, with `cursor.before`). */
    beyond(cursor: ApplicantCursor): SQL {
      const rank = sql.raw(String(cursor.rank));
      const id = sql`${cursor.id}::int`;
      const v = cursor.value === null ? null : cursorValueSql(sort.key, cursor.value);
      if (!cursor.before) {
        const sameRank =
          v === null
            ? sql`${value} is null and applications.id > ${id}`
            : sql`${value} is null or ${value} ${greater} ${v} or (${value} = ${v} and applications.id > ${id})`;
        return sql`coalesce((${rank} and not ${ranksFirstSql}) or (${ranksFirstSql} = ${rank} and (${sameRank})), false)`;
      }
      const sameRank =
        v === null
          ? sql`${value} is not null or applications.id < ${id}`
          : sql`${value} is not null and (${value} ${less} ${v} or (${value} = ${v} and applications.id < ${id}))`;
      return sql`coalesce((not ${rank} and ${ranksFirstSql}) or (${ranksFirstSql} = ${rank} and (${sameRank})), false)`;
    },
  };
}

/** `standingOf` for the counts per tab: the workspaces' twin. */
export { standingOfSql };

/**
 * Whether an application is listed under a tab: `standingOf(row) === tab` (or, for `active`,
 * neither withdrawn nor regretted, the list across workspaces). Written on the columns rather
 * than by comparing `standingOfSql` with the tab, so that the database can use the phase's
 * index: comparing the standing's text made a page of a phase's tab 4 to 5 times slower at
 * 100 000 applications. The property test holds it equal to the shared rule.
 */
export function inTabSql(tab: string): SQL {
  if (tab === 'active') {
    return sql`applications.archived_at is null and applications.regretted_at is null`;
  }
  if (tab === WITHDRAWN) return sql`applications.archived_at is not null`;
  if (tab === REGRETTED) {
    return sql`applications.archived_at is null and applications.regretted_at is not null`;
  }
  const phase = sql`${Number(tab)}::int`;
  return sql`applications.archived_at is null and applications.regretted_at is null
    and (applications.phase_id = ${phase} or (applications.phase_id is null and exists (
      select 1 from phases initial_phase
      where initial_phase.opportunity_id = applications.opportunity_id
        and initial_phase.initial and initial_phase.id = ${phase})))`;
}

export { REGRETTED, WITHDRAWN };
