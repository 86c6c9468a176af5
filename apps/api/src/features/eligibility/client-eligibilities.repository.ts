import { COMPLETE_PROFILE } from '@pathways/shared/eligibility/client-eligibilities.rules';
import type { ClientEligibilitiesQuery } from '@pathways/shared/eligibility/client-eligibilities.schemas';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';

import { analyticsKeySql } from '../../db/analytics-key.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  candidateProfiles,
  eligibilities,
  opportunities,
  organizations,
  profileQualificationDisciplines,
  profileQualifications,
  users,
} from '../../db/schema/index.ts';
import { inIds } from './sql-lists.ts';
import { containsPattern } from '../../db/like.ts';
import { isHiddenEligibilitySql } from './eligibility.sql.ts';

// The queries of the client's eligibility views: the visible rows of some opportunities, the
// invitations, and the groups of unmet requirements the criterion funnel counts.

const e = eligibilities;
const p = candidateProfiles;

/** The profile's completion; a candidate without a profile row has completed nothing. */
const completionSql = sql<number>`coalesce(${p.completion}, 0)`.mapWith(Number);

/** The candidate has an application to the row's opportunity. */
const appliedSql = sql<boolean>`exists (
  select 1 from ${applications}
  where ${applications.candidateId} = ${e.candidateId}
    and ${applications.opportunityId} = ${e.opportunityId})`.mapWith(Boolean);

/** The candidate withdrew their application to the row's opportunity. */
const withdrawnSql = sql<boolean>`exists (
  select 1 from ${applications}
  where ${applications.candidateId} = ${e.candidateId}
    and ${applications.opportunityId} = ${e.opportunityId}
    and ${applications.archivedAt} is not null)`.mapWith(Boolean);

const firstNameSql = sql<string | null>`coalesce(${p.firstNames}, ${users.firstName})`;
const lastNameSql = sql<string | null>`coalesce(${p.lastName}, ${users.lastName})`;
const profileUpdatedSql = sql<Date>`coalesce(${p.updatedAt}, ${users.updatedAt})`.mapWith(
  (v: string | Date) => new Date(v),
);

export interface ClientEligibilityRecord {
  id: number;
  candidateId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  photoUrl: string | null;
  completion: number;
  eligible: boolean | null;
  referredAt: Date | null;
  invitedAt: Date | null;
  applied: boolean;
  withdrawn: boolean;
  profileUpdatedAt: Date;
  checkedAt: Date | null;
  criteria: unknown[];
  opportunity: { id: number; name: string };
}

const columns = {
  id: e.id,
  candidateId: e.candidateId,
  firstName: firstNameSql,
  lastName: lastNameSql,
  email: users.email,
  photoUrl: users.avatar,
  completion: completionSql,
  eligible: e.eligible,
  referredAt: e.referredAt,
  invitedAt: e.invitedAt,
  applied: appliedSql,
  withdrawn: withdrawnSql,
  profileUpdatedAt: profileUpdatedSql,
  checkedAt: e.checkedAt,
  criteria: e.criteria,
  opportunity: { id: opportunities.id, name: opportunities.name },
};

function baseQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(e)
    .innerJoin(users, eq(users.id, e.candidateId))
    .leftJoin(p, eq(p.userId, e.candidateId))
    .innerJoin(opportunities, eq(opportunities.id, e.opportunityId));
}

const is = (on: boolean | undefined, yes: SQL, no: SQL) =>
  on === undefined ? undefined : on ? yes : no;

/** The query's filters in SQL; hidden rows are never listed. */
function filters(query: ClientEligibilitiesQuery): SQL | undefined {
  const search = query.search?.trim();
  return and(
    sql`not ${isHiddenEligibilitySql}`,
    search
      ? sql`(coalesce(${firstNameSql}, '') || ' ' || coalesce(${lastNameSql}, '')) ilike ${containsPattern(search)}`
      : undefined,
    is(query.eligible, sql`${e.eligible} is true`, sql`${e.eligible} is not true`),
    is(
      query.complete,
      sql`${completionSql} >= ${COMPLETE_PROFILE}`,
      sql`${completionSql} < ${COMPLETE_PROFILE}`,
    ),
    is(query.referred, isNotNull(e.referredAt), isNull(e.referredAt)),
    is(query.invited, isNotNull(e.invitedAt), isNull(e.invitedAt)),
    is(query.applied, appliedSql, sql`not ${appliedSql}`),
  );
}

function order(query: ClientEligibilitiesQuery): SQL[] {
  const dir = query.direction === 'asc' ? asc : desc;
  const nullsLast = (expr: SQL) =>
    query.direction === 'asc' ? sql`${expr} asc nulls last` : sql`${expr} desc nulls last`;
  const key: Record<ClientEligibilitiesQuery['sort'], SQL> = {
    'profile.updatedAt': dir(profileUpdatedSql),
    'profile.lastName': nullsLast(sql`lower(${lastNameSql})`),
    completion: dir(completionSql),
    referredAt: nullsLast(sql`${e.referredAt}`),
    invitedAt: nullsLast(sql`${e.invitedAt}`),
  };
  return [key[query.sort], dir(e.id)];
}

/** One page of the visible rows of these opportunities, and how many there are in all. */
export async function listVisible(
  db: DbOrTx,
  opportunityIds: readonly number[],
  query: ClientEligibilitiesQuery,
): Promise<{ rows: ClientEligibilityRecord[]; total: number }> {
  if (opportunityIds.length === 0) return { rows: [], total: 0 };
  const where = and(inIds(e.opportunityId, opportunityIds), filters(query));
  const [rows, [counted]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...order(query))
      .limit(query.per)
      .offset((query.page - 1) * query.per),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(e)
      .innerJoin(users, eq(users.id, e.candidateId))
      .leftJoin(p, eq(p.userId, e.candidateId))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Every visible row of these opportunities matching the query, in its order: ids only. */
export async function listVisibleIds(
  db: DbOrTx,
  opportunityIds: readonly number[],
  query: ClientEligibilitiesQuery,
): Promise<{ id: number; candidateId: number }[]> {
  if (opportunityIds.length === 0) return [];
  return db
    .select({ id: e.id, candidateId: e.candidateId })
    .from(e)
    .innerJoin(users, eq(users.id, e.candidateId))
    .leftJoin(p, eq(p.userId, e.candidateId))
    .where(and(inIds(e.opportunityId, opportunityIds), filters(query)))
    .orderBy(...order(query));
}

/** These rows, in the order of `ids`. */
export async function findByIds(
  db: DbOrTx,
  ids: readonly number[],
): Promise<ClientEligibilityRecord[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db).where(inIds(e.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r] as const));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What the tracker's profile filters read of these candidates: gender, ethnicity, birth date,
 * home coordinates, and each qualification with its disciplines.
 */
export async function profileFacts(db: DbOrTx, candidateIds: readonly number[]) {
  if (candidateIds.length === 0) return { profiles: [], qualifications: [] };
  const q = profileQualifications;
  const [profiles, qualifications] = await Promise.all([
    db
      .select({
        candidateId: p.userId,
        gender: p.gender,
        ethnicity: p.ethnicity,
        bornAt: p.bornAt,
        latitude: p.latitude,
        longitude: p.longitude,
      })
      .from(p)
      .where(inIds(p.userId, candidateIds)),
    db
      .select({
        candidateId: p.userId,
        id: q.id,
        qualificationTypeId: q.qualificationTypeId,
        categoryId: q.qualificationCategoryId,
        institutionId: q.institutionId,
        disciplineIds: sql<number[]>`array(select ${profileQualificationDisciplines.disciplineId}
          from ${profileQualificationDisciplines}
          where ${profileQualificationDisciplines.profileQualificationId} = ${q.id}
          order by 1)`,
        startsAt: q.startsAt,
        endsAt: q.endsAt,
        gradeNormalized: q.gradeNormalized,
        verifiedAt: q.verifiedAt,
      })
      .from(q)
      .innerJoin(p, eq(p.id, q.profileId))
      .where(inIds(p.userId, candidateIds))
      .orderBy(asc(q.id)),
  ]);
  return { profiles, qualifications };
}

/** One row of the opportunity, hidden or not (the caller decides what a client may see). */
export async function findOne(
  db: DbOrTx,
  opportunityId: number,
  eligibilityId: number,
): Promise<ClientEligibilityRecord | undefined> {
  const [row] = await baseQuery(db)
    .where(and(eq(e.id, eligibilityId), eq(e.opportunityId, opportunityId)))
    .limit(1);
  return row;
}

/** Rows of the opportunity among these ids, locked until the transaction ends. */
export async function lockRows(
  tx: DbOrTx,
  opportunityId: number,
  eligibilityIds: readonly number[],
): Promise<ClientEligibilityRecord[]> {
  return baseQuery(tx)
    .where(and(eq(e.opportunityId, opportunityId), inIds(e.id, eligibilityIds)))
    .orderBy(asc(e.id))
    .for('update', { of: e });
}

export async function markInvited(
  tx: DbOrTx,
  eligibilityIds: readonly number[],
  at: Date,
  invitedById: number,
): Promise<void> {
  if (eligibilityIds.length === 0) return;
  await tx
    .update(e)
    .set({ invitedAt: at, invitedById, updatedAt: at })
    .where(and(inIds(e.id, eligibilityIds), isNull(e.invitedAt)));
}

/** The opportunity's name and its organization's name, for the invitation's words. */
export async function findOpportunityNames(
  db: DbOrTx,
  opportunityId: number,
): Promise<{ name: string; organization: string } | undefined> {
  const [row] = await db
    .select({ name: opportunities.name, organization: organizations.name })
    .from(opportunities)
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .where(eq(opportunities.id, opportunityId));
  return row;
}

/**
 * For the candidates of an opportunity with a complete profile and a checked row: the sets of
 * requirements they do not meet, how many candidates share each set and the sum of their
 * analytics keys (for the counts as shown). One query.
 */
export async function unmetGroups(
  db: DbOrTx,
  opportunityId: number,
): Promise<{ unmet: number[]; candidates: number; keys: number }[]> {
  const result = (await db.execute(sql`
    select unmet, count(*)::int as candidates, sum(${analyticsKeySql(sql`candidate_id`)})::int as keys
    from (
      select ${e.candidateId} as candidate_id, array(
        select distinct (c ->> 'requirementId')::int
        from jsonb_array_elements(${e.criteria}) as c
        where c ->> 'status' = 'unmet' and jsonb_typeof(c -> 'requirementId') = 'number'
        order by 1
      ) as unmet
      from ${e}
      join ${p} on ${p.userId} = ${e.candidateId}
      where ${e.opportunityId} = ${opportunityId}
        and ${e.checkedAt} is not null
        and ${p.completion} >= ${COMPLETE_PROFILE}
    ) as per_candidate
    group by unmet`)) as unknown as {
    rows: { unmet: number[] | string; candidates: number; keys: number }[];
  };
  return result.rows.map((r) => ({
    unmet: Array.isArray(r.unmet) ? r.unmet.map(Number) : parseIntArray(r.unmet),
    candidates: Number(r.candidates),
    keys: Number(r.keys),
  }));
}

/** `{1,2,3}` as a driver may return an int[] it does not parse. */
function parseIntArray(value: string): number[] {
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
