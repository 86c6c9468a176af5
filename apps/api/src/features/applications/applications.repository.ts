import { applicationStatusLabels } from '@pathways/shared/applications/applications.rules';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applicationLocations,
  applicationPhaseEvents,
  applications,
  eligibilities,
  financialSurveys,
  opportunities,
  opportunityLocations,
  organizations,
  phases,
  screeningAnswers,
  screeningQuestions,
  users,
} from '../../db/schema/index.ts';

// Every query of the applications feature. Reads that belong to one candidate always filter by
// candidateId, so another candidate's application is simply not found.

export type ApplicationInsert = typeof applications.$inferInsert;
export type PhaseEventInsert = typeof applicationPhaseEvents.$inferInsert;

// ---------------------------------------------------------------- opportunities

export interface OpportunityWindowRow {
  id: number;
  publishedAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  commencesAt: Date | null;
}

export async function findOpportunity(
  db: DbOrTx,
  id: number,
): Promise<OpportunityWindowRow | undefined> {
  const o = opportunities;
  const [row] = await db
    .select({
      id: o.id,
      publishedAt: o.publishedAt,
      opensAt: o.opensAt,
      closesAt: o.closesAt,
      commencesAt: o.commencesAt,
    })
    .from(o)
    .where(eq(o.id, id));
  return row;
}

export async function opportunityLocationIds(db: DbOrTx, opportunityId: number): Promise<number[]> {
  const rows = await db
    .select({ id: opportunityLocations.id })
    .from(opportunityLocations)
    .where(eq(opportunityLocations.opportunityId, opportunityId));
  return rows.map((r) => r.id);
}

const locationColumns = {
  id: opportunityLocations.id,
  address: opportunityLocations.address,
  city: opportunityLocations.city,
  latitude: opportunityLocations.latitude,
  longitude: opportunityLocations.longitude,
};
export type LocationRow = {
  id: number;
  address: string;
  city: string | null;
  latitude: number;
  longitude: number;
};

export async function listOpportunityLocations(
  db: DbOrTx,
  opportunityId: number,
): Promise<LocationRow[]> {
  return db
    .select(locationColumns)
    .from(opportunityLocations)
    .where(eq(opportunityLocations.opportunityId, opportunityId))
    .orderBy(
      asc(opportunityLocations.city),
      asc(opportunityLocations.address),
      asc(opportunityLocations.id),
    );
}

export type QuestionRow = typeof screeningQuestions.$inferSelect;

export async function listScreeningQuestions(
  db: DbOrTx,
  opportunityId: number,
): Promise<QuestionRow[]> {
  return db
    .select()
    .from(screeningQuestions)
    .where(eq(screeningQuestions.opportunityId, opportunityId))
    .orderBy(asc(screeningQuestions.position), asc(screeningQuestions.id));
}

export interface PhaseRow {
  id: number;
  opportunityId: number;
  name: string;
  initial: boolean;
  nextPhaseId: number | null;
}

export async function listPhases(db: DbOrTx, opportunityIds: number[]): Promise<PhaseRow[]> {
  if (opportunityIds.length === 0) return [];
  return db
    .select({
      id: phases.id,
      opportunityId: phases.opportunityId,
      name: phases.name,
      initial: phases.initial,
      nextPhaseId: phases.nextPhaseId,
    })
    .from(phases)
    .where(inArray(phases.opportunityId, opportunityIds));
}

// ---------------------------------------------------------------- applications: reads

/** An application row as the candidate's views need it, with its opportunity and eligibility. */
export interface ApplicationRow {
  id: number;
  candidateId: number;
  opportunityId: number;
  phaseId: number | null;
  phaseName: string | null;
  createdAt: Date;
  complete: boolean;
  completion: number;
  archivedAt: Date | null;
  regrettedAt: Date | null;
  screeningSubmittedAt: Date | null;
  opportunity: {
    id: number;
    name: string;
    logo: string | null;
    kind: 'job' | 'bursary' | 'scholarship';
    opensAt: Date | null;
    closesAt: Date | null;
  };
  organization: { id: number; name: string; logo: string | null };
  /** Null when no eligibility row exists (the left join found none). */
  eligibility: { id: number; eligible: boolean | null; referredAt: Date | null } | null;
}

/** A SQL literal of a constant of ours (never user input), so GROUP BY matches the SELECT. */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/**
 * applicationStatus() of the shared rules, in SQL, for filtering and counting: withdrawn, else
 * unsuccessful, else the phase's name, else submitted. A test holds the two equal.
 */
export const statusSql: SQL<string> = sql<string>`case
  when ${applications.archivedAt} is not null then ${literal(applicationStatusLabels.withdrawn)}
  when ${applications.regrettedAt} is not null then ${literal(applicationStatusLabels.unsuccessful)}
  else coalesce(${phases.name}, ${literal(applicationStatusLabels.submitted)}) end`;

function selectApplications(db: DbOrTx) {
  const a = applications;
  const o = opportunities;
  return db
    .select({
      id: a.id,
      candidateId: a.candidateId,
      opportunityId: a.opportunityId,
      phaseId: a.phaseId,
      phaseName: phases.name,
      createdAt: a.createdAt,
      complete: a.complete,
      completion: a.completion,
      archivedAt: a.archivedAt,
      regrettedAt: a.regrettedAt,
      screeningSubmittedAt: a.screeningSubmittedAt,
      opportunity: {
        id: o.id,
        name: o.name,
        logo: o.logo,
        kind: o.kind,
        opensAt: o.opensAt,
        closesAt: o.closesAt,
      },
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
      eligibility: {
        id: eligibilities.id,
        eligible: eligibilities.eligible,
        referredAt: eligibilities.referredAt,
      },
    })
    .from(a)
    .innerJoin(o, eq(o.id, a.opportunityId))
    .innerJoin(organizations, eq(organizations.id, o.organizationId))
    .leftJoin(phases, eq(phases.id, a.phaseId))
    .leftJoin(
      eligibilities,
      and(
        eq(eligibilities.candidateId, a.candidateId),
        eq(eligibilities.opportunityId, a.opportunityId),
      ),
    );
}

export async function findApplication(
  db: DbOrTx,
  candidateId: number,
  id: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await selectApplications(db).where(
    and(eq(applications.id, id), eq(applications.candidateId, candidateId)),
  );
  return row;
}

export async function listApplications(
  db: DbOrTx,
  candidateId: number,
  filter: { status?: string; opportunity?: number; page: number; per: number },
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(
    eq(applications.candidateId, candidateId),
    filter.opportunity === undefined
      ? undefined
      : eq(applications.opportunityId, filter.opportunity),
    filter.status === undefined ? undefined : sql`${statusSql} = ${filter.status}`,
  );
  const [rows, [totals]] = await Promise.all([
    selectApplications(db)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(filter.per)
      .offset((filter.page - 1) * filter.per),
    db
      .select({ total: count() })
      .from(applications)
      .leftJoin(phases, eq(phases.id, applications.phaseId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** How many of the candidate's applications have each status. */
export async function countByStatus(
  db: DbOrTx,
  candidateId: number,
): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: statusSql, count: count() })
    .from(applications)
    .leftJoin(phases, eq(phases.id, applications.phaseId))
    .where(eq(applications.candidateId, candidateId))
    .groupBy(statusSql);
}

/** The candidate's application for an opportunity, withdrawn or not. */
export async function findApplicationFor(
  db: DbOrTx,
  candidateId: number,
  opportunityId: number,
): Promise<{ id: number; archivedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: applications.id, archivedAt: applications.archivedAt })
    .from(applications)
    .where(
      and(eq(applications.candidateId, candidateId), eq(applications.opportunityId, opportunityId)),
    );
  return row;
}

/** The candidate's application, locked for a write; undefined when not theirs. */
export async function lockApplication(
  tx: DbOrTx,
  candidateId: number,
  id: number,
): Promise<typeof applications.$inferSelect | undefined> {
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.candidateId, candidateId)))
    .for('update');
  return row;
}

export async function listChosenLocations(
  db: DbOrTx,
  applicationId: number,
): Promise<LocationRow[]> {
  return db
    .select(locationColumns)
    .from(applicationLocations)
    .innerJoin(
      opportunityLocations,
      eq(opportunityLocations.id, applicationLocations.opportunityLocationId),
    )
    .where(eq(applicationLocations.applicationId, applicationId))
    .orderBy(
      asc(opportunityLocations.city),
      asc(opportunityLocations.address),
      asc(opportunityLocations.id),
    );
}

export async function listAnswers(
  db: DbOrTx,
  applicationId: number,
): Promise<{ questionId: number; answer: string }[]> {
  return db
    .select({ questionId: screeningAnswers.screeningQuestionId, answer: screeningAnswers.answer })
    .from(screeningAnswers)
    .where(eq(screeningAnswers.applicationId, applicationId));
}

/** Per open application of the candidate: its required questions and how many are answered. */
export async function screeningProgress(
  db: DbOrTx,
  candidateId: number,
  applicationIds?: number[],
): Promise<
  {
    id: number;
    completion: number;
    complete: boolean;
    required: number;
    answered: number;
    kind: string;
    surveySubmitted: boolean;
  }[]
> {
  const a = applications;
  const q = screeningQuestions;
  return (
    db
      .select({
        id: a.id,
        completion: a.completion,
        complete: a.complete,
        required: sql<number>`(
        select count(*) from ${q} where ${q.opportunityId} = ${opportunities.id} and ${q.required}
      )`.mapWith(Number),
        answered: sql<number>`(
        select count(*) from ${q}
        where ${q.opportunityId} = ${opportunities.id} and ${q.required}
          and exists (
            select 1 from ${screeningAnswers}
            where ${screeningAnswers.applicationId} = ${a.id}
              and ${screeningAnswers.screeningQuestionId} = ${q.id}
          )
      )`.mapWith(Number),
        kind: opportunities.kind,
        surveySubmitted: sql<boolean>`exists (
        select 1 from ${financialSurveys} where ${financialSurveys.applicationId} = ${a.id}
      )`.mapWith(Boolean),
      })
      .from(a)
      // Drizzle qualifies column names only in a query with a join; the subqueries need them.
      .innerJoin(opportunities, eq(opportunities.id, a.opportunityId))
      .where(
        and(
          eq(a.candidateId, candidateId),
          isNull(a.archivedAt),
          applicationIds ? inArray(a.id, applicationIds) : undefined,
        ),
      )
  );
}

// ---------------------------------------------------------------- applications: writes

export async function insertApplication(tx: DbOrTx, values: ApplicationInsert): Promise<number> {
  const [row] = await tx.insert(applications).values(values).returning({ id: applications.id });
  return row!.id;
}

export async function updateApplication(
  tx: DbOrTx,
  id: number,
  values: Partial<Pick<ApplicationInsert, 'complete' | 'completion' | 'screeningSubmittedAt'>>,
): Promise<void> {
  await tx.update(applications).set(values).where(eq(applications.id, id));
}

/** Withdraws the application unless it already is; the row when this call withdrew it. */
export async function archiveApplication(
  tx: DbOrTx,
  candidateId: number,
  id: number,
  at: Date,
): Promise<{ id: number; phaseId: number | null } | undefined> {
  const [row] = await tx
    .update(applications)
    .set({ archivedAt: at, status: 'withdrawn' })
    .where(
      and(
        eq(applications.id, id),
        eq(applications.candidateId, candidateId),
        isNull(applications.archivedAt),
      ),
    )
    .returning({ id: applications.id, phaseId: applications.phaseId });
  return row;
}

export async function insertChosenLocations(
  tx: DbOrTx,
  applicationId: number,
  locationIds: number[],
): Promise<void> {
  await tx
    .insert(applicationLocations)
    .values(locationIds.map((opportunityLocationId) => ({ applicationId, opportunityLocationId })));
}

/** Makes the chosen locations exactly `locationIds`, keeping when each was first chosen. */
export async function setChosenLocations(
  tx: DbOrTx,
  applicationId: number,
  locationIds: number[],
): Promise<void> {
  await tx
    .delete(applicationLocations)
    .where(
      and(
        eq(applicationLocations.applicationId, applicationId),
        notInArray(applicationLocations.opportunityLocationId, locationIds),
      ),
    );
  await tx
    .insert(applicationLocations)
    .values(locationIds.map((opportunityLocationId) => ({ applicationId, opportunityLocationId })))
    .onConflictDoNothing();
}

export async function saveAnswers(
  tx: DbOrTx,
  applicationId: number,
  answers: { questionId: number; answer: string }[],
): Promise<void> {
  if (answers.length === 0) return;
  await tx
    .insert(screeningAnswers)
    .values(
      answers.map((a) => ({ applicationId, screeningQuestionId: a.questionId, answer: a.answer })),
    )
    .onConflictDoUpdate({
      target: [screeningAnswers.applicationId, screeningAnswers.screeningQuestionId],
      set: { answer: sql`excluded.answer`, updatedAt: sql`now()` },
    });
}

export async function deleteAnswers(
  tx: DbOrTx,
  applicationId: number,
  questionIds: number[],
): Promise<void> {
  if (questionIds.length === 0) return;
  await tx
    .delete(screeningAnswers)
    .where(
      and(
        eq(screeningAnswers.applicationId, applicationId),
        inArray(screeningAnswers.screeningQuestionId, questionIds),
      ),
    );
}

export async function insertPhaseEvent(tx: DbOrTx, values: PhaseEventInsert): Promise<void> {
  await tx.insert(applicationPhaseEvents).values(values);
}

// ---------------------------------------------------------------- invites

export interface InviteRow {
  id: number;
  invitedAt: Date;
  opportunity: ApplicationRow['opportunity'];
  organization: ApplicationRow['organization'];
}

/**
 * The candidate's invitations (eligibilities with invitedAt) to published opportunities that
 * still take applications (not closed) and that the candidate has not applied to.
 */
export async function listInvites(
  db: DbOrTx,
  candidateId: number,
  now: Date,
  limit: number,
): Promise<InviteRow[]> {
  const e = eligibilities;
  const o = opportunities;
  const rows = await db
    .select({
      id: e.id,
      invitedAt: e.invitedAt,
      opportunity: {
        id: o.id,
        name: o.name,
        logo: o.logo,
        kind: o.kind,
        opensAt: o.opensAt,
        closesAt: o.closesAt,
      },
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
    })
    .from(e)
    .innerJoin(o, eq(o.id, e.opportunityId))
    .innerJoin(organizations, eq(organizations.id, o.organizationId))
    .where(
      and(
        eq(e.candidateId, candidateId),
        isNotNull(e.invitedAt),
        lte(o.publishedAt, now),
        or(isNull(o.closesAt), gt(o.closesAt, now)),
        sql`not exists (
          select 1 from ${applications}
          where ${applications.candidateId} = ${e.candidateId}
            and ${applications.opportunityId} = ${e.opportunityId}
        )`,
      ),
    )
    .orderBy(desc(e.invitedAt), desc(e.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, invitedAt: r.invitedAt! }));
}

export interface ApplicantNameRow {
  applicationId: number;
  candidateId: number;
  firstName: string | null;
  lastName: string | null;
}

/** The applications of `opportunityId` among `ids`, with their candidates' names; others are left out. */
export async function listApplicantsOf(
  db: DbOrTx,
  opportunityId: number,
  ids: readonly number[],
): Promise<ApplicantNameRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      applicationId: applications.id,
      candidateId: applications.candidateId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.candidateId))
    .where(and(eq(applications.opportunityId, opportunityId), inArray(applications.id, [...ids])))
    .orderBy(asc(applications.id));
}
