import type { Criterion } from '@pathways/shared/eligibility/criteria';
import { sql, type SQL } from 'drizzle-orm';

import {
  candidateProfiles,
  documents,
  experiences,
  languageProficiencies,
  opportunityLocations,
  profileQualificationComponents,
  profileQualificationDisciplines,
  profileQualifications,
  qualificationComponents,
  qualificationTypes,
  qualifications,
  studyRights,
  users,
  workRights,
} from '../../db/schema/index.ts';
import { qualificationCategoryIdOf, qualificationTypeIdOf } from './snapshots.repository.ts';

// The SQL prefilter of a set-based recomputation: for each criterion, a condition every candidate
// who meets it satisfies (a necessary condition, looser where exactness would cost: statuses from
// dates, language levels, which qualification is a school one). Candidates failing it cannot be
// eligible, so the pure evaluation only runs for the rest. It is a WHERE over `users u` left-joined
// to `candidate_profiles p`; a candidate without a profile fails every criterion that reads one.

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' moved by whole years (29 February falls back to 28 February) and days. */
function shiftDate(isoDate: string, yearsBy: number, daysBy = 0): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const day = Math.min(d, new Date(Date.UTC(y + yearsBy, m, 0)).getUTCDate());
  const moved = Date.UTC(y + yearsBy, m - 1, day) + daysBy * DAY_MS;
  return new Date(moved).toISOString().slice(0, 10);
}

// earthdistance measures on a sphere of 6 378 168 m; the evaluation on one of 6371 km. A box a
// little larger than the evaluation's circle keeps every candidate who could be within reach.
const EARTH_DISTANCE_RADIUS_M = 6_378_168;
const radiusMetres = (km: number) =>
  ((km / 6371) * EARTH_DISTANCE_RADIUS_M * 1.01 + 100).toFixed(0);

const p = candidateProfiles;
const pq = profileQualifications;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
const textList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A necessary condition of meeting the criterion, or null when it cannot narrow anything down. */
export function prefilterCondition(c: Criterion, opportunityId: number, today: string): SQL | null {
  switch (c.kind) {
    case 'qualification': {
      const filters: SQL[] = [sql`${pq.profileId} = ${p.id}`];
      const typeOrLevel: SQL[] = [];
      if (c.qualificationTypeIds) {
        typeOrLevel.push(sql`${qualificationTypeIdOf} in (${idList(c.qualificationTypeIds)})`);
      }
      if (c.minimumNqfLevel !== undefined) {
        typeOrLevel.push(sql`${qualificationTypes.nqfLevel} >= ${c.minimumNqfLevel}`);
      }
      if (typeOrLevel.length > 0) filters.push(sql`(${sql.join(typeOrLevel, sql` or `)})`);
      if (c.categoryIds) {
        filters.push(sql`${qualificationCategoryIdOf} in (${idList(c.categoryIds)})`);
      }
      if (c.institutionIds) filters.push(sql`${pq.institutionId} in (${idList(c.institutionIds)})`);
      if (c.disciplineIds) {
        const d = profileQualificationDisciplines;
        filters.push(
          sql`exists (select 1 from ${d} where ${d.profileQualificationId} = ${pq.id} and ${d.disciplineId} in (${idList(c.disciplineIds)}))`,
        );
      }
      return sql`exists (select 1 from ${pq} left join ${qualifications} on ${qualifications.id} = ${pq.qualificationId} left join ${qualificationTypes} on ${qualificationTypes.id} = ${qualificationTypeIdOf} where ${sql.join(filters, sql` and `)})`;
    }
    case 'minimum_grade':
      return sql`exists (select 1 from ${pq} where ${pq.profileId} = ${p.id} and ${pq.gradeNormalized} >= ${c.minimum})`;
    case 'school_subjects': {
      const k = profileQualificationComponents;
      const each = c.subjects.map((s) => {
        const match: SQL[] = [];
        if (s.componentId !== undefined)
          match.push(sql`${k.qualificationComponentId} = ${s.componentId}`);
        if (s.name !== undefined) {
          match.push(
            sql`lower(coalesce(${qualificationComponents.name}, ${k.name})) = lower(${s.name})`,
          );
        }
        return sql`exists (select 1 from ${k} join ${pq} on ${pq.id} = ${k.profileQualificationId} left join ${qualificationComponents} on ${qualificationComponents.id} = ${k.qualificationComponentId} where ${pq.profileId} = ${p.id} and ${k.mark} >= ${s.minimumMark} and (${sql.join(match, sql` or `)}))`;
      });
      return sql.join(each, sql` and `);
    }
    case 'age': {
      // A day of slack on each side: the evaluation counts birthdays exactly.
      const bounds: SQL[] = [sql`${p.bornAt} is not null`];
      if (c.minimum !== undefined)
        bounds.push(sql`${p.bornAt} <= ${shiftDate(today, -c.minimum, 1)}`);
      if (c.maximum !== undefined) {
        bounds.push(sql`${p.bornAt} >= ${shiftDate(today, -(c.maximum + 1), -1)}`);
      }
      return sql.join(bounds, sql` and `);
    }
    case 'citizenship':
    case 'work_rights':
    case 'study_rights': {
      // Citizens born in South Africa may show it only by their ID number; others by a right.
      const rightIn = (table: typeof workRights | typeof studyRights) =>
        sql`exists (select 1 from ${table} where ${table.profileId} = ${p.id} and ${table.countryCode} in (${textList(c.countries)}))`;
      return sql`(${p.countryOfBirth} in (${textList(c.countries)}) or ${rightIn(workRights)} or ${rightIn(studyRights)})`;
    }
    case 'distance': {
      const l = opportunityLocations;
      return sql`(not exists (select 1 from ${l} where ${l.opportunityId} = ${opportunityId}) or (${p.latitude} is not null and exists (select 1 from ${l} where ${l.opportunityId} = ${opportunityId} and earth_box(ll_to_earth(${l.latitude}, ${l.longitude}), ${sql.raw(radiusMetres(c.maximumKm))}) @> ll_to_earth(${p.latitude}, ${p.longitude}))))`;
    }
    case 'languages': {
      const lp = languageProficiencies;
      return sql.join(
        c.languages.map(
          (l) =>
            sql`exists (select 1 from ${lp} where ${lp.profileId} = ${p.id} and ${lp.language} = ${l.language})`,
        ),
        sql` and `,
      );
    }
    case 'drivers_license':
      return sql`${p.driversLicense} = true`;
    case 'experience': {
      if (c.minimumYears === 0) return null;
      const x = experiences;
      const kind = c.experienceKind ? sql` and ${x.kind} = ${c.experienceKind}` : sql``;
      return sql`exists (select 1 from ${x} where ${x.profileId} = ${p.id} and ${x.startsAt} is not null${kind})`;
    }
    case 'documents':
      return sql.join(
        c.kinds.map(
          (kind) =>
            sql`exists (select 1 from ${documents} where ${documents.userId} = ${users.id} and ${documents.kind} = ${kind})`,
        ),
        sql` and `,
      );
  }
}

/** Every condition of an opportunity's criteria, ANDed; true when there is nothing to narrow. */
export function prefilter(
  criteria: readonly Criterion[],
  opportunityId: number,
  today: string,
): SQL {
  const conditions = criteria
    .map((c) => prefilterCondition(c, opportunityId, today))
    .filter((c): c is SQL => c !== null);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}
