import {
  eligibilityMessages,
  type CampaignEligibilityList,
  type EligibilityDetail,
  type EligibilityList,
} from '@pathways/shared/eligibility/eligibility.schemas';

import type { EligibilitySnapshot } from '@pathways/shared/eligibility/snapshot';
import type { SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../auth/index.ts';
import { campaignByKey } from '../campaigns/index.ts';
import { checkAndStore, loadRules } from './eligibility.engine.ts';
import { toDetail, toSummary } from './eligibility.mapper.ts';
import * as repo from './eligibility.repository.ts';
import { loadSnapshots } from './snapshots.repository.ts';

// The candidate's side: the stored list, and checks made now against the
// current profile, stored so that clients and the "I qualify" filter see the same answer.

/** Visible to candidates: published, and the publication moment has come. */
const isVisible = (publishedAt: Date | null, now: Date) =>
  publishedAt !== null && publishedAt.getTime() <= now.getTime();

/**
 * Evaluates one candidate against one opportunity now and stores the result (for other features:
 * applying, for instance, refers a fresh check). Throws not_found for an unknown opportunity.
 */
export async function evaluateForCandidate(
  deps: { db: DbOrTx; now: () => Date },
  candidateId: number,
  opportunityId: number,
): Promise<EligibilityDetail> {
  const loaded = await loadRules(deps.db, [opportunityId]);
  if (!loaded.rules.has(opportunityId)) throw notFound(eligibilityMessages.opportunityNotFound);
  const [checked] = await checkAndStore(deps.db, candidateId, loaded, [opportunityId], deps.now());
  return toDetail(checked!);
}

export function createEligibilityService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  return {
    async list(actor: Actor, query: { eligible?: boolean }): Promise<EligibilityList> {
      const rows = await repo.listForCandidate(db, actor.userId, {
        now: now(),
        eligible: query.eligible,
      });
      return { items: rows.map(toSummary) };
    },

    /** `GET candidate/opportunities/{id}/eligibility`: 404 unless the opportunity is visible. */
    async check(actor: Actor, opportunityId: number): Promise<EligibilityDetail> {
      const at = now();
      const loaded = await loadRules(db, [opportunityId]);
      const rules = loaded.rules.get(opportunityId);
      if (!rules || !isVisible(rules.opportunity.publishedAt, at)) {
        throw notFound(eligibilityMessages.opportunityNotFound);
      }
      const [checked] = await checkAndStore(db, actor.userId, loaded, [opportunityId], at);
      return toDetail(checked!);
    },

    /**
     * `GET candidate/campaigns/{id}/eligibilities`: the campaign's opportunity, or every active
     * opportunity of its organization, checked now. The candidate came through the campaign, so
     * the rows count as referred (clients see referred candidates even when not eligible).
     */
    async checkCampaign(actor: Actor, idOrSlug: string): Promise<CampaignEligibilityList> {
      const at = now();
      const campaign = await campaignByKey(db, idOrSlug);
      if (!campaign) throw notFound(eligibilityMessages.campaignNotFound);
      let ids: number[];
      if (campaign.opportunityId !== null) {
        const [opportunity] = await repo.findOpportunities(db, [campaign.opportunityId]);
        ids = opportunity && isVisible(opportunity.publishedAt, at) ? [opportunity.id] : [];
      } else {
        ids = await repo.activeOpportunityIds(db, campaign.organization.id, at);
      }
      if (ids.length === 0) return { items: [] };
      return db.transaction(async (tx) => {
        const loaded = await loadRules(tx, ids);
        const checked = await checkAndStore(tx, actor.userId, loaded, ids, at);
        await repo.markReferred(tx, actor.userId, ids, at);
        return { items: checked.map(toDetail) };
      });
    },
  };
}

export type EligibilityService = ReturnType<typeof createEligibilityService>;

// What other features read or mark of eligibility.

/**
 * Marks the candidate as referred to these opportunities (they came through a campaign, or
 * applied), keeping the first referral's moment.
 */
export function markReferred(
  db: DbOrTx,
  candidateId: number,
  opportunityIds: readonly number[],
  at: Date,
): Promise<void> {
  return repo.markReferred(db, candidateId, opportunityIds, at);
}

/** What the evaluation reads of these candidates' profiles, by candidate id. */
export function snapshotsOf(
  db: DbOrTx,
  candidateIds: readonly number[],
): Promise<Map<number, EligibilitySnapshot>> {
  return loadSnapshots(db, candidateIds);
}

/** The candidates who pass a SQL prefilter (see `prefilter`), to evaluate them in full. */
export function prefilteredCandidateIds(db: DbOrTx, condition: SQL): Promise<number[]> {
  return repo.prefilteredCandidateIds(db, condition);
}
