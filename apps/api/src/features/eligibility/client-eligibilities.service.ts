import { showCriterionFunnel } from '@pathways/shared/analytics/analytics.rules';
import { activeFilters, filterApplicants } from '@pathways/shared/applicants/applicants.rules';
import type {
  ApplicantFilters,
  ApplicantRow,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  COMPLETE_PROFILE,
  criterionFunnel,
  isHiddenEligibility,
  isInvitable,
  summarizeCriteria,
} from '@pathways/shared/eligibility/client-eligibilities.rules';
import {
  clientEligibilityMessages as messages,
  type ClientEligibilitiesQuery,
  type ClientEligibilityDetail,
  type ClientEligibilityPage,
  type ClientEligibilityRow,
  type CriterionFunnelResponse,
  type InviteResult,
} from '@pathways/shared/eligibility/client-eligibilities.schemas';
import { criterionResult } from '@pathways/shared/eligibility/eligibility.schemas';
import { describeCriterion } from '@pathways/shared/eligibility/describe';
import { criterion as criterionSchema } from '@pathways/shared/eligibility/criteria';

import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { Actor } from '../../plugins/access.ts';
import { publish } from '../live/index.ts';

import { notify, sendOptionalMails } from '../notifications/index.ts';
import { activeWorkspacesOf } from '../workspaces/index.ts';
import { inviteMail } from './client-eligibilities.mails.ts';
import { emitWebhooks } from '../webhooks/index.ts';
import * as repo from './client-eligibilities.repository.ts';
import { findRequirements } from './eligibility.repository.ts';
import { type ClientScope, clientScopeOf, managedOpportunity } from '../../access/index.ts';

// The client's side of eligibilities: which candidates qualify for a workspace, inviting them,
// how many each requirement removes, and the qualified candidates of every workspace a client
// user may see. A row the client may not see (hidden, or of a workspace they do not manage)
// answers 404 like one that does not exist.

export type ClientEligibilitiesDeps = Pick<FeatureDeps, 'db' | 'now' | 'mailer' | 'log' | 'config'>;

const fullName = (r: repo.ClientEligibilityRecord) =>
  [r.firstName, r.lastName].filter(Boolean).join(' ') || 'Unnamed candidate';

export function toRow(r: repo.ClientEligibilityRecord): ClientEligibilityRow {
  return {
    id: r.id,
    candidateId: r.candidateId,
    name: fullName(r),
    photoUrl: r.photoUrl,
    completion: r.completion,
    eligible: r.eligible,
    referredAt: r.referredAt?.toISOString() ?? null,
    invitedAt: r.invitedAt?.toISOString() ?? null,
    applied: r.applied,
    withdrawn: r.withdrawn,
    profileUpdatedAt: r.profileUpdatedAt.toISOString(),
    criteria: summarizeCriteria(r.criteria),
    opportunity: r.opportunity,
  };
}

/** The stored criteria a client can read; an entry that is not a criterion result is left out. */
function readableCriteria(criteria: unknown[]) {
  return criteria.flatMap((c) => {
    const parsed = criterionResult.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The tracker's filters that read the profile (name, distance, grade, qualifications, gender,
 * ethnicity): those the list's SQL does not already apply. Complete, referred and eligible are
 * in the SQL; the locations an applicant chose do not exist for an eligibility, so they are left out.
 */
export function profileFilters(filters: ApplicantFilters): ApplicantFilters {
  const {
    complete: _c,
    referred: _r,
    eligible: _e,
    locations: _l,
    ...rest
  } = activeFilters(filters);
  return rest;
}

/** An eligibility row as the tracker's rules read an applicant: the profile and the eligibility. */
function asApplicant(
  row: repo.ClientEligibilityRecord,
  facts: Awaited<ReturnType<typeof repo.profileFacts>>['profiles'][number] | undefined,
  qualifications: Awaited<ReturnType<typeof repo.profileFacts>>['qualifications'],
): ApplicantRow {
  return {
    id: row.id,
    opportunityId: row.opportunity.id,
    // The tracker's filters do not read these application facts; an eligibility has none.
    createdAt: row.profileUpdatedAt.toISOString(),
    phaseId: null,
    regrettedAt: null,
    archivedAt: null,
    complete: row.completion >= COMPLETE_PROFILE,
    completion: row.completion,
    eligibility: { eligible: row.eligible, referredAt: row.referredAt?.toISOString() ?? null },
    applicationRating: null,
    unreadChats: 0,
    locations: [],
    reported: false,
    profile: {
      candidateId: row.candidateId,
      firstName: row.firstName,
      lastName: row.lastName,
      avatarUrl: null,
      gender: facts?.gender ?? null,
      ethnicity: facts?.ethnicity ?? null,
      bornAt: facts?.bornAt ?? null,
      location:
        facts && facts.latitude !== null && facts.longitude !== null
          ? { latitude: facts.latitude, longitude: facts.longitude }
          : null,
      assessmentAggregate: null,
      qualifications: qualifications.map((q) => ({
        id: q.id,
        qualificationTypeId: q.qualificationTypeId,
        categoryId: q.categoryId,
        institutionId: q.institutionId,
        disciplineIds: q.disciplineIds.map(Number),
        startsAt: q.startsAt,
        endsAt: q.endsAt,
        gradeNormalized: q.gradeNormalized,
        verifiedAt: q.verifiedAt?.toISOString() ?? null,
      })),
    },
  };
}

/** An invitation e-mail and the candidate it goes to. */
interface InviteMail {
  userId: number;
  mail: Mail;
}

export function createClientEligibilitiesService(deps: ClientEligibilitiesDeps) {
  const { db, now } = deps;

  async function workspace(actor: Actor, opportunityId: number) {
    const scope = await clientScopeOf(db, actor);
    return { scope, id: await managedOpportunity(db, scope, opportunityId) };
  }

  async function visibleRow(opportunityId: number, eligibilityId: number) {
    const row = await repo.findOne(db, opportunityId, eligibilityId);
    if (!row || isHiddenEligibility(row)) throw notFound(messages.eligibilityNotFound);
    return row;
  }

  // Mail goes out after the transaction commits, to those who did not turn invitations off; a
  // failed delivery is logged, never a lost write.
  async function deliver(mails: InviteMail[]) {
    await sendOptionalMails(deps, 'opportunity.invite', mails);
  }

  /**
   * Invites the rows (locked, visible, eligible, neither invited nor applied): sets invitedAt and
   * invitedById, leaves a notification for each candidate, and returns the e-mails to send.
   */
  async function invite(
    tx: DbOrTx,
    scope: ClientScope,
    opportunityId: number,
    rows: repo.ClientEligibilityRecord[],
    at: Date,
  ): Promise<InviteMail[]> {
    if (rows.length === 0) return [];
    const names = await repo.findOpportunityNames(tx, opportunityId);
    const opportunity = names?.name ?? '';
    const organization = names?.organization ?? '';
    const path = `/opportunities/${opportunityId}`;
    await repo.markInvited(
      tx,
      rows.map((r) => r.id),
      at,
      scope.userId,
    );
    await emitWebhooks(tx, 'candidate.invited', rows);
    await notify(
      tx,
      rows.map((r) => ({
        userId: r.candidateId,
        type: 'opportunity.invite',
        description: `${organization} invites you to apply for ${opportunity}`,
        path,
        at,
      })),
    );
    await publish(
      tx,
      rows.map((r) => r.candidateId),
      { kind: 'application', opportunityId },
    );
    return rows.map((r) => ({
      userId: r.candidateId,
      mail: inviteMail(r.email, {
        firstName: r.firstName,
        opportunity,
        organization,
        url: `${deps.config.appUrl}${path}`,
      }),
    }));
  }

  const invited = (r: repo.ClientEligibilityRecord, at: Date) => toRow({ ...r, invitedAt: at });

  /**
   * One page of the visible rows of these opportunities. Without the tracker's profile filters
   * the page is cut in SQL; with them, every matching row's profile facts are loaded and the
   * shared tracker rules decide, in the list's order, so the eligibility list filters exactly
   * as the applicants tracker does.
   */
  async function pageOf(
    opportunityIds: number[],
    query: ClientEligibilitiesQuery,
    trackerFilters: ApplicantFilters,
  ): Promise<ClientEligibilityPage> {
    const { page, per } = query;
    const profile = profileFilters(trackerFilters);
    if (Object.keys(profile).length === 0) {
      const { rows, total } = await repo.listVisible(db, opportunityIds, query);
      return { items: rows.map(toRow), page, per, total };
    }
    const keys = await repo.listVisibleIds(db, opportunityIds, query);
    const candidateIds = [...new Set(keys.map((k) => k.candidateId))];
    const facts = await repo.profileFacts(db, candidateIds);
    const factsOf = new Map(facts.profiles.map((f) => [f.candidateId, f] as const));
    const qualificationsOf = new Map<number, typeof facts.qualifications>();
    for (const q of facts.qualifications) {
      const list = qualificationsOf.get(q.candidateId);
      if (list) list.push(q);
      else qualificationsOf.set(q.candidateId, [q]);
    }
    const all = await repo.findByIds(
      db,
      keys.map((k) => k.id),
    );
    const kept = filterApplicants(
      all.map((r) =>
        asApplicant(r, factsOf.get(r.candidateId), qualificationsOf.get(r.candidateId) ?? []),
      ),
      profile,
      now(),
    );
    const keptIds = new Set(kept.map((k) => k.id));
    const matching = all.filter((r) => keptIds.has(r.id));
    return {
      items: matching.slice((page - 1) * per, page * per).map(toRow),
      page,
      per,
      total: matching.length,
    };
  }

  return {
    /** `GET client/opportunities/{id}/eligibilities`: one page of the visible rows. */
    async list(
      actor: Actor,
      opportunityId: number,
      query: ClientEligibilitiesQuery,
      trackerFilters: ApplicantFilters = {},
    ): Promise<ClientEligibilityPage> {
      const { id } = await workspace(actor, opportunityId);
      return pageOf([id], query, trackerFilters);
    },

    /** `GET client/opportunities/{id}/eligibilities/{eid}`: one row with its criteria in words. */
    async show(
      actor: Actor,
      opportunityId: number,
      eligibilityId: number,
    ): Promise<ClientEligibilityDetail> {
      const { id } = await workspace(actor, opportunityId);
      const row = await visibleRow(id, eligibilityId);
      return {
        eligibility: {
          ...toRow(row),
          checkedAt: row.checkedAt?.toISOString() ?? null,
          criteriaResults: readableCriteria(row.criteria),
        },
      };
    },

    /** `PATCH .../eligibilities/{eid}/invite`: 422 unless eligible, 409 when invited or applied. */
    async inviteOne(
      actor: Actor,
      opportunityId: number,
      eligibilityId: number,
    ): Promise<{ eligibility: ClientEligibilityRow }> {
      const { scope, id } = await workspace(actor, opportunityId);
      const at = now();
      const { row, mails } = await db.transaction(async (tx) => {
        const [locked] = await repo.lockRows(tx, id, [eligibilityId]);
        if (!locked || isHiddenEligibility(locked)) throw notFound(messages.eligibilityNotFound);
        if (!isInvitable(locked)) throw fieldError('eligibility', messages.notEligible);
        if (locked.invitedAt) throw new AppError('conflict', messages.alreadyInvited);
        if (locked.applied) throw new AppError('conflict', messages.alreadyApplied);
        return { row: invited(locked, at), mails: await invite(tx, scope, id, [locked], at) };
      });
      await deliver(mails);
      return { eligibility: row };
    },

    /**
     * `POST .../eligibilities/invite`: all or nothing for ids that are not visible rows of this
     * opportunity or not eligible (422 naming them); those already invited or applied are skipped
     * and listed, the others invited, in one transaction.
     */
    async inviteMany(
      actor: Actor,
      opportunityId: number,
      eligibilityIds: number[],
    ): Promise<InviteResult> {
      const { scope, id } = await workspace(actor, opportunityId);
      const at = now();
      const wanted = [...new Set(eligibilityIds)];
      const { result, mails } = await db.transaction(async (tx) => {
        const locked = await repo.lockRows(tx, id, wanted);
        const visible = new Map(
          locked.filter((r) => !isHiddenEligibility(r)).map((r) => [r.id, r] as const),
        );
        const foreign = wanted.filter((w) => !visible.has(w));
        if (foreign.length > 0) throw fieldError('eligibilityIds', messages.foreign(foreign));
        const rows = wanted.map((w) => visible.get(w)!);
        const ineligible = rows.filter((r) => !isInvitable(r)).map((r) => r.id);
        if (ineligible.length > 0) {
          throw fieldError('eligibilityIds', `${messages.notEligible}: ${ineligible.join(', ')}`);
        }
        const skipped: InviteResult['skipped'] = rows.flatMap((r) =>
          r.invitedAt || r.applied
            ? [{ id: r.id, reason: r.invitedAt ? ('invited' as const) : ('applied' as const) }]
            : [],
        );
        const fresh = rows.filter((r) => !r.invitedAt && !r.applied);
        const mails = await invite(tx, scope, id, fresh, at);
        return { result: { invited: fresh.map((r) => invited(r, at)), skipped }, mails };
      });
      await deliver(mails);
      return result;
    },

    /**
     * `GET .../eligibilities/funnel`: how many candidates with a complete profile each
     * requirement removes, every count under the small-cell and funnel rules of analytics and
     * shown moved by its cell's adjustment.
     */
    async funnel(actor: Actor, opportunityId: number): Promise<CriterionFunnelResponse> {
      const { id } = await workspace(actor, opportunityId);
      const [rules, groups] = await Promise.all([
        findRequirements(db, [id]),
        repo.unmetGroups(db, id),
      ]);
      const requirements = rules.map((r) => {
        const parsed = criterionSchema.safeParse(r.criterion);
        const description =
          r.description ?? (parsed.success ? describeCriterion(parsed.data) : r.kind);
        return { id: r.id, kind: r.kind, description };
      });
      return showCriterionFunnel(criterionFunnel(requirements, groups));
    },

    /**
     * `GET client/eligibilities`: the qualified candidates (eligible, visible) of every active
     * workspace the user manages. A non-primary user managing no active workspace is refused.
     */
    async qualified(
      actor: Actor,
      query: ClientEligibilitiesQuery,
      trackerFilters: ApplicantFilters = {},
    ): Promise<ClientEligibilityPage> {
      const scope = await clientScopeOf(db, actor);
      const workspaces = await activeWorkspacesOf(db, scope, now());
      if (!scope.primary && workspaces.length === 0) {
        throw new AppError('forbidden', messages.noActiveWorkspace);
      }
      return pageOf(
        workspaces.map((w) => w.id),
        { ...query, eligible: true },
        trackerFilters,
      );
    },
  };
}
