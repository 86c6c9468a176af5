import { sql } from 'drizzle-orm';

import { createRandom } from '../random.ts';
import { applicationPlanner } from './application-plans.ts';
import { insertApplications } from './applications.ts';
import { DEMO_SEED, must, type DemoContext } from './context.ts';
import type { CandidatePlan, DemoApplication, OpportunityInfo, StaffMember } from './plans.ts';

/** The fewest applicants the demo client's first open workspace shows in its tracker. */
export const TRACKER_APPLICANTS = 40;

/**
 * The demo client's newest workspace that takes applications (open or closing soon) gets at
 * least TRACKER_APPLICANTS applicants, so the tracker has a realistic list to filter: generated
 * candidates who have not applied there yet apply, planned and inserted like every other
 * application (phases, places, history, screening answers, referral). This step draws from its
 * own random stream and runs last, so every value the earlier steps made stays the same.
 */
export async function fillDemoTracker(
  ctx: DemoContext,
  data: {
    opportunities: OpportunityInfo[];
    candidatePlans: CandidatePlan[];
    candidateIds: number[];
    applications: DemoApplication[];
    suspended: CandidatePlan | undefined;
    actorsFor: (o: OpportunityInfo) => StaffMember[];
  },
): Promise<DemoApplication[]> {
  const rng = createRandom(DEMO_SEED ^ 0x7ac4e5);
  const own: DemoContext = {
    ...ctx,
    rng,
    between: (a, b) => new Date(a.getTime() + rng.next() * Math.max(0, b.getTime() - a.getTime())),
  };
  const [target] = data.opportunities
    .filter(
      (o) => o.organizationIndex === 0 && (o.window === 'open' || o.window === 'closing_soon'),
    )
    .sort((a, b) => (b.opensAt?.getTime() ?? 0) - (a.opensAt?.getTime() ?? 0));
  if (!target) return [];
  const applied = new Set(
    data.applications.filter((a) => a.plan.opportunity.id === target.id).map((a) => a.candidateId),
  );
  const missing = TRACKER_APPLICANTS - applied.size;
  if (missing <= 0) return [];

  const pool = data.candidatePlans
    .map((plan, i) => ({ plan, id: must(data.candidateIds[i], 'candidate id') }))
    .filter(
      ({ plan, id }) =>
        !plan.demo &&
        plan !== data.suspended &&
        plan.tier !== 'sparse' &&
        plan.profile.latitude != null &&
        plan.profile.longitude != null &&
        !applied.has(id),
    );
  const { planApplication } = applicationPlanner(own, data.opportunities);
  const chosen = rng.sample(pool, missing).map(({ plan, id }) => {
    const home = {
      latitude: must(plan.profile.latitude, 'home latitude'),
      longitude: must(plan.profile.longitude, 'home longitude'),
    };
    const application = planApplication(
      target,
      plan.tier,
      home,
      plan.tier === 'complete' ? 0.8 : 0.35,
    );
    return { plan: { ...plan, applications: [application] }, id };
  });
  const inserted = await insertApplications(
    own,
    chosen.map((c) => c.plan),
    chosen.map((c) => c.id),
    data.actorsFor,
  );

  // Applying refers the candidate's eligibility row, as it does for every other application.
  const referrals = inserted.map(
    (a) =>
      sql`(${a.candidateId}::int, ${target.id}::int, ${a.plan.createdAt.toISOString()}::timestamptz)`,
  );
  if (referrals.length > 0) {
    await ctx.db.execute(
      sql`update eligibilities set referred_at = v.at from (values ${sql.join(referrals, sql`, `)}) as v(candidate_id, opportunity_id, at) where eligibilities.candidate_id = v.candidate_id and eligibilities.opportunity_id = v.opportunity_id`,
    );
  }
  return inserted;
}
