import type { FeatureDeps } from '../../lib/deps.ts';
import type { JobDefinition, Jobs } from '../../lib/jobs.ts';
import { mailBecameEligible, type MailDeps } from '../notifications/index.ts';
import { recomputeCandidate, recomputeOpportunity } from './eligibility.engine.ts';
import { publishedOpportunityIds } from './eligibility.repository.ts';

// Stored eligibilities are recomputed in the background when what they depend on changes: a
// profile (one candidate against every published opportunity) or an opportunity's requirements
// (one opportunity against every candidate, set-based). Every night all published opportunities
// are recomputed too, since ages, qualification statuses and experience move with the calendar.

export const eligibilityQueues = {
  candidate: 'eligibility.recompute-candidate',
  opportunity: 'eligibility.recompute-opportunity',
  all: 'eligibility.recompute-all',
} as const;

export type RecomputeTarget = { candidateId: number } | { opportunityId: number };

/**
 * Asks for a recomputation after a change: `{candidateId}` after the profile (or its documents)
 * changed, `{opportunityId}` after an opportunity's requirements, locations or publication did.
 * Call it after the change is committed.
 */
export async function requestEligibilityRecompute(
  jobs: Jobs,
  target: RecomputeTarget,
): Promise<void> {
  if ('candidateId' in target) {
    await jobs.enqueue(eligibilityQueues.candidate, { candidateId: target.candidateId });
  } else {
    await jobs.enqueue(eligibilityQueues.opportunity, { opportunityId: target.opportunityId });
  }
}

/** The eligibility jobs, to start with `startJobs` (app.ts, worker.ts). */
export function eligibilityJobs(
  deps: Pick<FeatureDeps, 'db' | 'now' | 'log'> & Partial<Pick<MailDeps, 'mailer' | 'config'>>,
): JobDefinition<never>[] {
  /** Candidates who came to qualify hear of it by e-mail too (when the process can send mail). */
  const mail = async (becameEligible: { userId: number; opportunityId: number }[]) => {
    if (!deps.mailer || !deps.config) return;
    await mailBecameEligible(
      { db: deps.db, mailer: deps.mailer, config: deps.config },
      becameEligible,
    );
  };
  const candidate: JobDefinition<{ candidateId: number }> = {
    name: eligibilityQueues.candidate,
    key: (data) => `candidate:${data.candidateId}`,
    async handler({ candidateId }) {
      const { becameEligible, ...result } = await recomputeCandidate(
        deps.db,
        candidateId,
        deps.now(),
      );
      await mail(becameEligible);
      deps.log.debug({ candidateId, ...result }, 'eligibility recomputed for a candidate');
    },
  };
  const opportunity: JobDefinition<{ opportunityId: number }> = {
    name: eligibilityQueues.opportunity,
    key: (data) => `opportunity:${data.opportunityId}`,
    async handler({ opportunityId }) {
      const { becameEligible, ...result } = await recomputeOpportunity(
        deps.db,
        opportunityId,
        deps.now(),
      );
      await mail(becameEligible);
      deps.log.info({ opportunityId, ...result }, 'eligibility recomputed for an opportunity');
    },
  };
  const all: JobDefinition<Record<string, never>> = {
    name: eligibilityQueues.all,
    key: () => 'all',
    schedule: '17 2 * * *',
    async handler(_data, jobs) {
      for (const opportunityId of await publishedOpportunityIds(deps.db)) {
        await requestEligibilityRecompute(jobs, { opportunityId });
      }
    },
  };
  return [candidate, opportunity, all] as unknown as JobDefinition<never>[];
}
