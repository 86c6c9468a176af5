import { and, asc, avg, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../../db/client.ts';
import {
  applicationLocations,
  applications,
  assessmentResults,
  candidateProfiles,
  eligibilities,
  flags,
  phases,
  profileQualificationDisciplines,
  profileQualifications,
  users,
} from '../../db/schema/index.ts';
import { unreadCounts } from '../messages/index.ts';
import { APPLICANT_FROM, ranksFirstSql, standingOfSql } from './applicants.sql.ts';

// The tracker's rows: applications with the profile facts its filters and sorts read. A set of
// rows is named by a condition on `applications` and built with the same six queries whatever
// its size (applications with profile and eligibility, then, for their ids: qualifications with
// their disciplines, chosen places, unread chats, open flags, assessment averages), never one
// query per row.

/** The applications of one opportunity. */
export const ofOpportunity = (opportunityId: number): SQL =>
  eq(applications.opportunityId, opportunityId);

/**
 * `column = any('{1,2,3}'::int[])`: one bound parameter however long the list, so a statement
 * over 10 000 ids stays as cheap to send and to plan as one over ten.
 */
const anyOf = (column: PgColumn, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

/** These applications (a page of ids). */
export const withIds = (ids: readonly number[]): SQL => anyOf(applications.id, ids);

export async function countApplications(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications).where(where);
  return row?.n ?? 0;
}

/** The ids of one page of applications, by id ascending. */
export async function pageOfIds(
  db: DbOrTx,
  where: SQL,
  page: { page: number; per: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(where)
    .orderBy(asc(applications.id))
    .limit(page.per)
    .offset((page.page - 1) * page.per);
  return rows.map((r) => r.id);
}

/**
 * Everything a tracker row is made of, for the applications matching `where`, by id ascending.
 * `organizationId` is the organization looking: only its own open flags mark a row reported.
 */
export async function loadApplicantFacts(db: DbOrTx, where: SQL, organizationId: number) {
  const base = await db
    .select({
      id: applications.id,
      opportunityId: applications.opportunityId,
      candidateId: applications.candidateId,
      createdAt: applications.createdAt,
      phaseId: applications.phaseId,
      regrettedAt: applications.regrettedAt,
      archivedAt: applications.archivedAt,
      complete: applications.complete,
      completion: applications.completion,
      applicationRating: applications.applicationRating,
      eligible: eligibilities.eligible,
      referredAt: eligibilities.referredAt,
      firstName: sql<string | null>`coalesce(${candidateProfiles.firstNames}, ${users.firstName})`,
      lastName: sql<string | null>`coalesce(${candidateProfiles.lastName}, ${users.lastName})`,
      avatar: users.avatar,
      gender: candidateProfiles.gender,
      ethnicity: candidateProfiles.ethnicity,
      bornAt: candidateProfiles.bornAt,
      latitude: candidateProfiles.latitude,
      longitude: candidateProfiles.longitude,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.candidateId))
    .leftJoin(candidateProfiles, eq(candidateProfiles.userId, applications.candidateId))
    .leftJoin(
      eligibilities,
      and(
        eq(eligibilities.candidateId, applications.candidateId),
        eq(eligibilities.opportunityId, applications.opportunityId),
      ),
    )
    .where(where)
    .orderBy(asc(applications.id));
  if (base.length === 0) {
    return { base, qualifications: [], places: [], unread: [], flagged: [], assessments: [] };
  }
  const applicationIds = base.map((r) => r.id);
  const candidateIds = [...new Set(base.map((r) => r.candidateId))];

  const [qualifications, places, unread, flagged, assessments] = await Promise.all([
    db
      .select({
        candidateId: candidateProfiles.userId,
        id: profileQualifications.id,
        qualificationTypeId: profileQualifications.qualificationTypeId,
        categoryId: profileQualifications.qualificationCategoryId,
        institutionId: profileQualifications.institutionId,
        disciplineIds: sql<number[]>`array(select ${profileQualificationDisciplines.disciplineId}
          from ${profileQualificationDisciplines}
          where ${profileQualificationDisciplines.profileQualificationId} = ${profileQualifications.id}
          order by 1)`,
        startsAt: profileQualifications.startsAt,
        endsAt: profileQualifications.endsAt,
        gradeNormalized: profileQualifications.gradeNormalized,
        verifiedAt: profileQualifications.verifiedAt,
      })
      .from(profileQualifications)
      .innerJoin(candidateProfiles, eq(candidateProfiles.id, profileQualifications.profileId))
      .where(anyOf(candidateProfiles.userId, candidateIds))
      .orderBy(asc(profileQualifications.id)),
    db
      .select({
        applicationId: applicationLocations.applicationId,
        locationId: applicationLocations.opportunityLocationId,
      })
      .from(applicationLocations)
      .where(anyOf(applicationLocations.applicationId, applicationIds))
      .orderBy(asc(applicationLocations.opportunityLocationId)),
    unreadCounts(db, applicationIds, 'client'),
    db
      .selectDistinct({ candidateId: flags.candidateId })
      .from(flags)
      .where(
        and(
          anyOf(flags.candidateId, candidateIds),
          eq(flags.organizationId, organizationId),
          isNull(flags.resolvedAt),
        ),
      ),
    db
      .select({
        candidateId: candidateProfiles.userId,
        average: avg(assessmentResults.aggregate).mapWith(Number),
      })
      .from(assessmentResults)
      .innerJoin(candidateProfiles, eq(candidateProfiles.id, assessmentResults.profileId))
      .where(anyOf(candidateProfiles.userId, candidateIds))
      .groupBy(candidateProfiles.userId),
  ]);

  return { base, qualifications, places, unread, flagged, assessments };
}

export type ApplicantFacts = Awaited<ReturnType<typeof loadApplicantFacts>>;

// ------------------------------------------------------------------ the list in server mode

/** The initial phase of an opportunity, the first of its chain; null when it has none. */
export async function initialPhaseOf(db: DbOrTx, opportunityId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: phases.id })
    .from(phases)
    .where(and(eq(phases.opportunityId, opportunityId), eq(phases.initial, true)));
  return row?.id ?? null;
}

/** The rows of a raw statement, on PostgreSQL and PGlite alike. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Runs one statement of the list with just-in-time compilation off. The planner's guess of the
 * per-row cost of these statements is far above what they cost, and compiling them took 2 s on
 * the national data set for a statement that runs in 60 ms.
 */
async function withoutJit<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<T>(await tx.execute(statement));
  });
}

/** One page of ids of the list, in the tracker's order (or backwards), with their cursor facts. */
export async function listPageOfIds(
  db: DbOrTx,
  where: SQL,
  order: SQL,
  value: SQL,
  limit: number,
): Promise<{ id: number; rank: boolean; value: unknown }[]> {
  return db
    .execute<{ id: number; rank: boolean; value: unknown }>(
      sql`
    select applications.id, ${ranksFirstSql} as rank, ${value} as value
    from ${APPLICANT_FROM}
    where ${where}
    order by ${order}
    limit ${limit}`,
    )
    .then((r) => rowsOf<{ id: number; rank: boolean; value: unknown }>(r));
}

/** Every id of the list, in the tracker's order. */
export async function listIds(db: DbOrTx, where: SQL, order: SQL): Promise<number[]> {
  const rows = await db
    .execute<{ id: number }>(
      sql`
      select applications.id from ${APPLICANT_FROM} where ${where} order by ${order}`,
    )
    .then((r) => rowsOf<{ id: number }>(r));
  return rows.map((r) => r.id);
}

/**
 * Per standing (see `standingOfSql`), how many applications of the scope there are and how
 * many the filters keep. The applications are first counted per opportunity, phase and
 * whether withdrawn or regretted (a handful of groups), and the standing is read from those
 * groups: the rule then runs once per group, not once per application.
 */
export async function standingCounts(
  db: DbOrTx,
  scope: SQL,
  filters: SQL,
): Promise<{ standing: string | null; total: number; kept: number }[]> {
  return withoutJit(
    db,
    sql`
      select ${standingOfSql} as standing, sum(applications.n)::int as total,
        sum(applications.kept)::int as kept
      from (
        select applications.opportunity_id, applications.phase_id,
          case when applications.archived_at is not null then 'epoch'::timestamptz end as archived_at,
          case when applications.regretted_at is not null then 'epoch'::timestamptz end as regretted_at,
          count(*) as n, count(*) filter (where ${filters}) as kept
        from ${APPLICANT_FROM}
        where ${scope}
        group by 1, 2, 3, 4
      ) applications
      group by 1`,
  );
}
