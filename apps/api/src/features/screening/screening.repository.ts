import type { MoveMailFacts } from '@pathways/shared/screening/screening.rules';
import type { FlagSection } from '@pathways/shared/screening/screening.schemas';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applicationPhaseEvents,
  applications,
  flags,
  opportunities,
  organizations,
  phases,
  users,
} from '../../db/schema/index.ts';

// The queries of screening: applications of one opportunity, their phase events, ratings,
// the notices a regret tells the candidate, and the flags raised on profiles.

// ---------------------------------------------------------------- applications

export interface ScreenedRow {
  id: number;
  candidateId: number;
  phaseId: number | null;
  archivedAt: Date | null;
  regrettedAt: Date | null;
}

/**
 * The applications of this opportunity among `ids`, locked until the transaction ends, so two
 * actions on the same application queue one behind the other.
 */
export async function lockApplications(
  tx: DbOrTx,
  opportunityId: number,
  ids: readonly number[],
): Promise<ScreenedRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      phaseId: applications.phaseId,
      archivedAt: applications.archivedAt,
      regrettedAt: applications.regrettedAt,
    })
    .from(applications)
    .where(and(eq(applications.opportunityId, opportunityId), inArray(applications.id, [...ids])))
    .orderBy(asc(applications.id))
    .for('update');
}

/** The opportunity an application belongs to, whoever may see it. */
export async function findApplicationOwner(
  db: DbOrTx,
  applicationId: number,
): Promise<{ id: number; candidateId: number; opportunityId: number } | undefined> {
  const [row] = await db
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      opportunityId: applications.opportunityId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
}

/**
 * Holds the opportunity row for a share while applications move, so a change to its pipeline
 * (which locks the row for update) waits and then counts the applications where they landed;
 * moves do not wait for each other.
 */
export async function holdOpportunity(tx: DbOrTx, opportunityId: number): Promise<void> {
  await tx
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .for('share');
}

export async function findPhase(
  db: DbOrTx,
  opportunityId: number,
  phaseId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: phases.id, name: phases.name })
    .from(phases)
    .where(and(eq(phases.id, phaseId), eq(phases.opportunityId, opportunityId)));
  return row;
}

export async function movePhase(
  tx: DbOrTx,
  ids: readonly number[],
  phaseId: number,
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(applications)
    .set({ phaseId, updatedAt: at })
    .where(inArray(applications.id, [...ids]));
}

/** An application as a phase move's e-mail decides on it (see `isMoveMailDue`). */
export interface MoveMailRow extends MoveMailFacts {
  id: number;
}

/**
 * The applications among `ids` with what deciding on their move e-mail reads, locked until the
 * transaction ends, so two e-mail jobs of one application decide one after the other.
 */
export async function lockMoveMailFacts(
  tx: DbOrTx,
  ids: readonly number[],
): Promise<MoveMailRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: applications.id,
      phaseId: applications.phaseId,
      toldPhaseId: applications.toldPhaseId,
      // Qualified by hand: a query of one table names its columns bare, which inside these
      // subqueries would name the subquery's own table.
      initialPhaseId: sql<number | null>`(
        select initial_phase.id from ${phases} initial_phase
        where initial_phase.opportunity_id = "applications"."opportunity_id"
          and initial_phase.initial)`,
      archivedAt: applications.archivedAt,
      regrettedAt: applications.regrettedAt,
      lastMovedAt: sql<Date | null>`(
        select max(moved.created_at) from ${applicationPhaseEvents} moved
        where moved.application_id = "applications"."id" and moved.kind = 'moved')`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(applications)
    .where(inArray(applications.id, [...ids]))
    .orderBy(asc(applications.id))
    .for('update', { of: applications });
}

/** The candidates were told by e-mail that these applications are in the phase they are in. */
export async function markTold(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(applications)
    .set({ toldPhaseId: sql`${applications.phaseId}` })
    .where(inArray(applications.id, [...ids]));
}

/**
 * Regrets the applications. The stored status column says so in its own words, as withdrawal
 * writes 'withdrawn'; what the candidate reads is derived from regrettedAt.
 */
export async function regret(tx: DbOrTx, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(applications)
    .set({ regrettedAt: at, status: 'unsuccessful', updatedAt: at })
    .where(inArray(applications.id, [...ids]));
}

export async function setRating(
  tx: DbOrTx,
  opportunityId: number,
  applicationId: number,
  rating: number | null,
  at: Date,
): Promise<{ id: number; applicationRating: number | null } | undefined> {
  const [row] = await tx
    .update(applications)
    .set({ applicationRating: rating, updatedAt: at })
    .where(and(eq(applications.id, applicationId), eq(applications.opportunityId, opportunityId)))
    .returning({ id: applications.id, applicationRating: applications.applicationRating });
  return row;
}

// ---------------------------------------------------------------- phase events

export type PhaseEventInsert = typeof applicationPhaseEvents.$inferInsert;

export interface EventRow {
  id: number;
  applicationId: number;
  kind: 'applied' | 'moved' | 'regretted' | 'archived' | 'reinstated';
  fromPhaseId: number | null;
  phaseId: number | null;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
  createdAt: Date;
}

/** Rows per INSERT: a bulk action of thousands stays far below PostgreSQL's 65535 parameters. */
const INSERT_CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}

export async function insertEvents(tx: DbOrTx, values: PhaseEventInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(values)) {
    const rows = await tx
      .insert(applicationPhaseEvents)
      .values(chunk)
      .returning({ id: applicationPhaseEvents.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

function selectEvents(db: DbOrTx, where: SQL | undefined) {
  const e = applicationPhaseEvents;
  return db
    .select({
      id: e.id,
      applicationId: e.applicationId,
      kind: e.kind,
      fromPhaseId: e.fromPhaseId,
      phaseId: e.phaseId,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      createdAt: e.createdAt,
    })
    .from(e)
    .leftJoin(users, and(eq(users.id, e.actorUserId), eq(users.role, 'client')))
    .where(where)
    .orderBy(asc(e.createdAt), asc(e.id));
}

/** The events of one application, oldest first, with who did each. */
export async function listEvents(db: DbOrTx, applicationId: number): Promise<EventRow[]> {
  return selectEvents(db, eq(applicationPhaseEvents.applicationId, applicationId));
}

export async function findEvents(db: DbOrTx, ids: readonly number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return selectEvents(db, inArray(applicationPhaseEvents.id, [...ids]));
}

// ---------------------------------------------------------------- the candidate

export interface CandidateNotice {
  applicationId: number;
  candidateId: number;
  email: string;
  firstName: string | null;
  opportunityId: number;
  opportunityName: string;
  organizationName: string;
  phaseId: number | null;
  phaseName: string | null;
  archivedAt: Date | null;
  regrettedAt: Date | null;
}

/** What a message to the candidates of these applications needs. */
export async function findNotices(
  db: DbOrTx,
  applicationIds: readonly number[],
): Promise<CandidateNotice[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applications.id,
      candidateId: users.id,
      email: users.email,
      firstName: users.firstName,
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
      organizationName: organizations.name,
      phaseId: applications.phaseId,
      phaseName: phases.name,
      archivedAt: applications.archivedAt,
      regrettedAt: applications.regrettedAt,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.candidateId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .leftJoin(phases, eq(phases.id, applications.phaseId))
    .where(inArray(applications.id, [...applicationIds]))
    .orderBy(asc(applications.id));
}

// ---------------------------------------------------------------- flags

/** A constant of ours (never user input) as a SQL literal. */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** Rows of a table as one JSON array in id order, their timestamps left out. */
const rowsJson = (table: string, where: string, order = 'x.id') =>
  `(select jsonb_agg(to_jsonb(x) - 'created_at' - 'updated_at' order by ${order})
      from ${table} x where ${where})`;

/** The profile id of the candidate `c` (an SQL expression naming the candidate's user id). */
const profileOf = (c: string) => `(select p.id from candidate_profiles p where p.user_id = ${c})`;

/**
 * The profile's own columns that make up a section, as one JSON array; all null while the
 * candidate has no profile row, as when the row exists and is empty.
 */
const profileColumns = (c: string, columns: string[]) =>
  `(select jsonb_build_array(${columns.map((col) => `p.${col}`).join(', ')})
      from users u left join candidate_profiles p on p.user_id = u.id where u.id = ${c})`;

/** What each section's content is, in SQL over the candidate `c`. */
function sectionContent(c: string): Record<FlagSection, string> {
  const profile = profileOf(c);
  return {
    personal: profileColumns(c, [
      'first_names',
      'last_name',
      'born_at',
      'gender',
      'ethnicity',
      'disability',
      'disability_description',
      'biography',
      'drivers_license',
    ]),
    identification: profileColumns(c, ['country_of_birth', 'identification']),
    contact: profileColumns(c, ['mobile_number', 'address', 'latitude', 'longitude']),
    qualifications: `jsonb_build_array(
      ${rowsJson('profile_qualifications', `x.profile_id = ${profile}`)},
      ${rowsJson(
        'profile_qualification_components',
        `x.profile_qualification_id in (select q.id from profile_qualifications q where q.profile_id = ${profile})`,
      )},
      ${rowsJson(
        'profile_qualification_disciplines',
        `x.profile_qualification_id in (select q.id from profile_qualifications q where q.profile_id = ${profile})`,
        'x.profile_qualification_id, x.discipline_id',
      )})`,
    experiences: rowsJson('experiences', `x.profile_id = ${profile}`),
    documents: rowsJson('documents', `x.user_id = ${c}`),
    languages: rowsJson('language_proficiencies', `x.profile_id = ${profile}`),
    rights: `jsonb_build_array(
      ${rowsJson('study_rights', `x.profile_id = ${profile}`)},
      ${rowsJson('work_rights', `x.profile_id = ${profile}`)})`,
  };
}

/**
 * A digest of the content of a section of the candidate's profile, in SQL: `section` and
 * `candidate` are SQL expressions (a column of the row at hand, or a parameter). Saving a
 * section with the same content keeps its digest; any real change, a deletion too, changes it.
 */
function sectionDigestSql(section: SQL, candidate: string): SQL {
  const content = sectionContent(candidate);
  const cases = Object.entries(content).map(
    ([name, json]) => sql`when ${literal(name)} then md5(coalesce((${sql.raw(json)})::text, ''))`,
  );
  return sql`(case ${section} ${sql.join(cases, sql` `)} end)`;
}

export type FlagRow = typeof flags.$inferSelect;

/** Inserts a flag with the digest its section has now. */
export async function insertFlag(
  tx: DbOrTx,
  values: {
    candidateId: number;
    raisedById: number;
    organizationId: number;
    applicationId: number;
    section: FlagSection;
    reason: string;
    at: Date;
  },
): Promise<FlagRow> {
  const { at, ...rest } = values;
  const candidate = `${Number(values.candidateId)}`;
  const [row] = await tx
    .insert(flags)
    .values({
      ...rest,
      sectionDigest: sectionDigestSql(literal(values.section), candidate),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** The candidate's open flags, oldest first. */
export async function openFlags(
  db: DbOrTx,
  candidateId: number,
): Promise<Pick<FlagRow, 'id' | 'section' | 'reason' | 'applicationId' | 'createdAt'>[]> {
  return db
    .select({
      id: flags.id,
      section: flags.section,
      reason: flags.reason,
      applicationId: flags.applicationId,
      createdAt: flags.createdAt,
    })
    .from(flags)
    .where(and(eq(flags.candidateId, candidateId), isNull(flags.resolvedAt)))
    .orderBy(asc(flags.createdAt), asc(flags.id));
}

/** Resolves the candidate's open flags whose section no longer has the content flagged. */
export async function resolveChangedFlags(
  db: DbOrTx,
  candidateId: number,
  at: Date,
): Promise<number[]> {
  const rows = await db
    .update(flags)
    .set({ resolvedAt: at, updatedAt: at })
    .where(
      and(
        eq(flags.candidateId, candidateId),
        isNull(flags.resolvedAt),
        isNotNull(flags.section),
        sql`${flags.sectionDigest} is distinct from ${sectionDigestSql(
          sql.raw('"flags"."section"'),
          '"flags"."candidate_id"',
        )}`,
      ),
    )
    .returning({ id: flags.id });
  return rows.map((r) => r.id);
}

/** Of these candidates, those with an open flag. */
export async function reportedCandidates(
  db: DbOrTx,
  candidateIds: readonly number[],
): Promise<number[]> {
  if (candidateIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: flags.candidateId })
    .from(flags)
    .where(and(inArray(flags.candidateId, [...candidateIds]), isNull(flags.resolvedAt)));
  return rows.map((r) => r.id);
}
