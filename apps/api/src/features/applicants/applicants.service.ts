import { activeFilters, filterApplicants } from '@pathways/shared/applicants/applicants.rules';
import {
  CURSOR_MESSAGE,
  FIRST_TAB,
  encodeApplicantCursor,
} from '@pathways/shared/applicants/applicants.schemas';
import type {
  ApplicantFilters,
  ApplicantPage,
  ApplicantPageQuery,
  ApplicantQualification,
  ApplicantRow,
  ApplicantIdList,
  ApplicantIdsQuery,
  ApplicantListPage,
  ApplicantListQuery,
} from '@pathways/shared/applicants/applicants.schemas';
import { sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';
import { shownRatingsOf } from '../feedback/index.ts';
import { interviewStatesOf } from '../interviews/index.ts';

import * as repo from './applicants.repository.ts';
import { applicationsManagedBy, clientScopeOf, managedOpportunity } from '../../access/index.ts';
import {
  REGRETTED,
  WITHDRAWN,
  compareApplicantsSql,
  inTabSql,
  matchesApplicantFiltersSql,
} from './applicants.sql.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Groups `items` by a key, keeping their order. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The tracker rows of the applications matching `where`, by id ascending. */
export async function loadApplicantRows(
  db: DbOrTx,
  where: SQL,
  organizationId: number,
  now: Date = new Date(),
): Promise<ApplicantRow[]> {
  const facts = await repo.loadApplicantFacts(db, where, organizationId);
  const qualificationsOf = groupBy(facts.qualifications, (q) => q.candidateId);
  const placesOf = groupBy(facts.places, (p) => p.applicationId);
  const unreadOf = new Map(facts.unread.map((u) => [u.applicationId, u.n]));
  const flagged = new Set(facts.flagged.map((f) => f.candidateId));
  const assessmentOf = new Map(facts.assessments.map((a) => [a.candidateId, a.average]));
  // The manager's own rating, else the colleagues' average.
  const ratingOf = await shownRatingsOf(db, organizationId, facts.base);
  const interviewOf = await interviewStatesOf(
    db,
    facts.base.map((row) => row.id),
    now,
  );

  return facts.base.map((row) => ({
    id: row.id,
    opportunityId: row.opportunityId,
    createdAt: row.createdAt.toISOString(),
    phaseId: row.phaseId,
    regrettedAt: iso(row.regrettedAt),
    archivedAt: iso(row.archivedAt),
    complete: row.complete,
    completion: row.completion,
    eligibility: { eligible: row.eligible ?? null, referredAt: iso(row.referredAt) },
    applicationRating: ratingOf.get(row.id) ?? null,
    unreadChats: unreadOf.get(row.id) ?? 0,
    locations: (placesOf.get(row.id) ?? []).map((p) => p.locationId),
    reported: flagged.has(row.candidateId),
    interview: interviewOf.get(row.id) ?? null,
    profile: {
      candidateId: row.candidateId,
      firstName: row.firstName,
      lastName: row.lastName,
      // Avatars are served at an unguessable public address (`/api/avatars/<file>`).
      avatarUrl: row.avatar,
      gender: row.gender,
      ethnicity: row.ethnicity,
      bornAt: row.bornAt,
      location:
        row.latitude !== null && row.longitude !== null
          ? { latitude: row.latitude, longitude: row.longitude }
          : null,
      assessmentAggregate: assessmentOf.get(row.candidateId) ?? null,
      qualifications: (qualificationsOf.get(row.candidateId) ?? []).map(
        (q): ApplicantQualification => ({
          id: q.id,
          qualificationTypeId: q.qualificationTypeId,
          categoryId: q.categoryId,
          institutionId: q.institutionId,
          disciplineIds: q.disciplineIds.map(Number),
          startsAt: q.startsAt,
          endsAt: q.endsAt,
          gradeNormalized: q.gradeNormalized,
          verifiedAt: iso(q.verifiedAt),
        }),
      ),
    },
  }));
}

/** Every row of one opportunity, for counting with the tracker's filters. */
export function applicantRowsOfOpportunity(
  db: DbOrTx,
  opportunityId: number,
  organizationId: number,
): Promise<ApplicantRow[]> {
  return loadApplicantRows(db, repo.ofOpportunity(opportunityId), organizationId);
}

export function createApplicantsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db } = deps;

  /**
   * The tab asked for in one workspace, `first` read as its first tab: the initial phase (or
   * Regretted, the first tab of a workspace without phases).
   */
  async function tabIn(opportunityId: number, tab: string | undefined) {
    if (tab !== FIRST_TAB) return tab;
    return String((await repo.initialPhaseOf(db, opportunityId)) ?? REGRETTED);
  }

  /** Across workspaces each has its own first phase: `first` names none of them. */
  function tabAcross(tab: string | undefined) {
    if (tab === FIRST_TAB) {
      throw fieldError('phase', 'first names the first tab of one workspace, not of several');
    }
    return tab;
  }

  /**
   * One page of the applications matching `where`, by id ascending. Without filters the page
   * is cut in SQL; with filters every row is loaded and the shared rules decide, so the server
   * keeps exactly the rows the browser would.
   */
  async function pageOf(
    where: SQL,
    organizationId: number,
    query: ApplicantPageQuery,
    filters: ApplicantFilters,
  ): Promise<ApplicantPage> {
    const { page, per } = query;
    const active = activeFilters(filters);
    if (Object.keys(active).length > 0) {
      const rows = filterApplicants(
        await loadApplicantRows(db, where, organizationId, deps.now()),
        active,
        deps.now(),
      );
      return { items: rows.slice((page - 1) * per, page * per), page, per, total: rows.length };
    }
    const [total, ids] = await Promise.all([
      repo.countApplications(db, where),
      repo.pageOfIds(db, where, query),
    ]);
    const items =
      ids.length > 0
        ? await loadApplicantRows(db, repo.withIds(ids), organizationId, deps.now())
        : [];
    return { items, page, per, total };
  }

  /** The conditions of a list: the scope, the filters and the tab. */
  function listWhere(scope: SQL, filters: ApplicantFilters, tab: string | undefined) {
    const matches = matchesApplicantFiltersSql(filters, deps.now());
    const parts = [scope, matches];
    if (tab !== undefined) parts.push(inTabSql(tab));
    return {
      matches,
      where: sql.join(
        parts.map((part) => sql`(${part})`),
        sql` and `,
      ),
    };
  }

  /**
   * One page of a tab of the list, filtered, ranked and sorted by the database, after (or
   * before) the cursor; with how many applications the scope holds, how many the filters keep
   * and how many of those each tab holds.
   */
  async function listOf(
    scope: SQL,
    organizationId: number,
    query: ApplicantListQuery,
    filters: ApplicantFilters,
  ): Promise<ApplicantListPage> {
    const { sort: key, direction, phase, per, cursor } = query;
    if (cursor && (cursor.key !== key || cursor.direction !== direction)) {
      throw fieldError('cursor', CURSOR_MESSAGE);
    }
    const compare = compareApplicantsSql({ key, direction }, organizationId);
    const { matches, where } = listWhere(scope, filters, phase);
    const backwards = cursor?.before ?? false;
    // The page's rows are built while the tabs are still being counted.
    const pageOfRows = repo
      .listPageOfIds(
        db,
        cursor ? sql`${where} and ${compare.beyond(cursor)}` : where,
        compare.orderBy(backwards),
        compare.value,
        per + 1,
      )
      .then(async (found) => {
        const page = found.slice(0, per);
        if (backwards) page.reverse();
        const ids = page.map((row) => row.id);
        const loaded =
          ids.length > 0
            ? await loadApplicantRows(db, repo.withIds(ids), organizationId, deps.now())
            : [];
        const byId = new Map(loaded.map((row) => [row.id, row]));
        return { more: found.length > per, page, items: ids.flatMap((id) => byId.get(id) ?? []) };
      });
    const [{ more, page, items }, standings] = await Promise.all([
      pageOfRows,
      repo.standingCounts(db, scope, matches),
    ]);

    const cursorAt = (row: (typeof page)[number] | undefined, before: boolean) =>
      row
        ? encodeApplicantCursor({
            key,
            direction,
            rank: row.rank,
            value:
              row.value === null || row.value === undefined
                ? null
                : row.value instanceof Date
                  ? row.value.toISOString()
                  : typeof row.value === 'string' && key !== 'profile.lastName.sort'
                    ? key === 'createdAt'
                      ? new Date(row.value).toISOString()
                      : Number(row.value)
                    : (row.value as number | string),
            id: row.id,
            before,
          })
        : null;
    const first = page[0];
    const last = page.at(-1);

    const tabs: Record<string, number> = { active: 0, [REGRETTED]: 0, [WITHDRAWN]: 0 };
    let all = 0;
    let total = 0;
    for (const row of standings) {
      all += row.total;
      total += row.kept;
      if (row.standing !== REGRETTED && row.standing !== WITHDRAWN) tabs.active! += row.kept;
      if (row.standing !== null) tabs[row.standing] = (tabs[row.standing] ?? 0) + row.kept;
    }

    return {
      items,
      all,
      total,
      inTab: phase === undefined ? total : (tabs[phase] ?? 0),
      tabs,
      next: backwards ? cursorAt(last, false) : more ? cursorAt(last, false) : null,
      previous: backwards
        ? more
          ? cursorAt(first, true)
          : null
        : cursor
          ? cursorAt(first, true)
          : null,
    };
  }

  /** Every id of a tab of the list, in its order: for acting on all the filtered ones. */
  async function idsOf(
    scope: SQL,
    organizationId: number,
    query: ApplicantIdsQuery,
    filters: ApplicantFilters,
  ): Promise<ApplicantIdList> {
    const compare = compareApplicantsSql(
      { key: query.sort, direction: query.direction },
      organizationId,
    );
    const { where } = listWhere(scope, filters, query.phase);
    return { ids: await repo.listIds(db, where, compare.orderBy()) };
  }

  return {
    /** GET client/opportunities/{id}/applications/list: a page of a large workspace. */
    async listOfOpportunity(
      actor: Actor,
      opportunityId: number,
      query: ApplicantListQuery,
      filters: ApplicantFilters,
    ): Promise<ApplicantListPage> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      const phase = await tabIn(id, query.phase);
      return listOf(repo.ofOpportunity(id), scope.organizationId, { ...query, phase }, filters);
    },

    /** GET client/applications/list: a page across every workspace the user sees. */
    async listOfVisibleWorkspaces(
      actor: Actor,
      query: ApplicantListQuery,
      filters: ApplicantFilters,
    ): Promise<ApplicantListPage> {
      const scope = await clientScopeOf(db, actor);
      const phase = tabAcross(query.phase);
      return listOf(
        applicationsManagedBy(db, scope),
        scope.organizationId,
        { ...query, phase },
        filters,
      );
    },

    /** GET client/opportunities/{id}/applications/ids */
    async idsOfOpportunity(
      actor: Actor,
      opportunityId: number,
      query: ApplicantIdsQuery,
      filters: ApplicantFilters,
    ): Promise<ApplicantIdList> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      const phase = await tabIn(id, query.phase);
      return idsOf(repo.ofOpportunity(id), scope.organizationId, { ...query, phase }, filters);
    },

    /** GET client/applications/ids */
    async idsOfVisibleWorkspaces(
      actor: Actor,
      query: ApplicantIdsQuery,
      filters: ApplicantFilters,
    ): Promise<ApplicantIdList> {
      const scope = await clientScopeOf(db, actor);
      const phase = tabAcross(query.phase);
      return idsOf(
        applicationsManagedBy(db, scope),
        scope.organizationId,
        { ...query, phase },
        filters,
      );
    },

    /** GET client/opportunities/{id}/applications: the rows of a workspace the user manages. */
    async ofOpportunity(
      actor: Actor,
      opportunityId: number,
      query: ApplicantPageQuery,
      filters: ApplicantFilters,
    ): Promise<ApplicantPage> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      return pageOf(repo.ofOpportunity(id), scope.organizationId, query, filters);
    },

    /** GET client/applications: the rows of every workspace the user sees. */
    async ofVisibleWorkspaces(
      actor: Actor,
      query: ApplicantPageQuery,
      filters: ApplicantFilters,
    ): Promise<ApplicantPage> {
      const scope = await clientScopeOf(db, actor);
      return pageOf(applicationsManagedBy(db, scope), scope.organizationId, query, filters);
    },
  };
}
