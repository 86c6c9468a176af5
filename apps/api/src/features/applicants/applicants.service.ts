import { activeFilters, filterApplicants } from '@pathways/shared/applicants/applicants.rules';
import type {
  ApplicantFilters,
  ApplicantPage,
  ApplicantPageQuery,
  ApplicantQualification,
  ApplicantRow,
} from '@pathways/shared/applicants/applicants.schemas';
import type { SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';
import { shownRatingsOf } from '../feedback/index.ts';

import * as repo from './applicants.repository.ts';
import { applicationsManagedBy, clientScopeOf, managedOpportunity } from '../../access/index.ts';

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
): Promise<ApplicantRow[]> {
  const facts = await repo.loadApplicantFacts(db, where, organizationId);
  const qualificationsOf = groupBy(facts.qualifications, (q) => q.candidateId);
  const placesOf = groupBy(facts.places, (p) => p.applicationId);
  const unreadOf = new Map(facts.unread.map((u) => [u.applicationId, u.n]));
  const flagged = new Set(facts.flagged.map((f) => f.candidateId));
  const assessmentOf = new Map(facts.assessments.map((a) => [a.candidateId, a.average]));
  // The manager's own rating, else the colleagues' average.
  const ratingOf = await shownRatingsOf(db, organizationId, facts.base);

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
        await loadApplicantRows(db, where, organizationId),
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
      ids.length > 0 ? await loadApplicantRows(db, repo.withIds(ids), organizationId) : [];
    return { items, page, per, total };
  }

  return {
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
