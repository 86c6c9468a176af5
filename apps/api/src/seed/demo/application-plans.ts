import { distanceKm } from '@pathways/shared/eligibility/snapshot';

import { must, DAY, HOUR, type DemoContext } from './context.ts';
import type { OpportunityInfo, ApplicationPlan, Tier } from './plans.ts';

/** Plans a candidate's applications: which opportunities, how far each got, and when. */
export function applicationPlanner(ctx: DemoContext, opportunities: OpportunityInfo[]) {
  const { now, rng, between } = ctx;
  const applicable = opportunities.filter((o) =>
    ['open', 'closing_soon', 'closed', 'commenced'].includes(o.window),
  );
  const applicableWeighted = applicable.map((o) => [o, o.organizationIndex === 0 ? 3 : 1] as const);

  const planApplications = (
    tier: Tier,
    home: { latitude: number; longitude: number },
    eligibleBias: number,
  ) => {
    const count = tier === 'complete' ? rng.int(1, 5) : tier === 'partial' ? rng.int(0, 2) : 0;
    const chosen = new Set<OpportunityInfo>();
    for (let tries = 0; chosen.size < count && tries < 20; tries++)
      chosen.add(rng.weighted(applicableWeighted));
    return [...chosen].map((o) => planApplication(o, tier, home, eligibleBias));
  };

  const planApplication = (
    o: OpportunityInfo,
    tier: Tier,
    home: { latitude: number; longitude: number },
    eligibleBias: number,
    fixed?: { step?: number; regret?: boolean; archive?: boolean },
  ): ApplicationPlan => {
    const opensAt = must(o.opensAt, 'opensAt');
    const closesAt = must(o.closesAt, 'closesAt');
    const end = closesAt < now ? closesAt : new Date(now.getTime() - 2 * HOUR);
    const createdAt = between(
      opensAt,
      new Date(Math.min(end.getTime(), opensAt.getTime() + 40 * DAY)),
    );
    const phases = o.phaseIds.length;
    const finished = o.window === 'closed' || o.window === 'commenced';
    const complete = tier === 'complete';
    let step =
      fixed?.step ??
      (complete
        ? rng.weighted(
            finished
              ? [
                  [0, 3],
                  [1, 3],
                  [2, 2],
                  [3, 1.5],
                  [4, 1],
                ]
              : [
                  [0, 6],
                  [1, 3],
                  [2, 1.5],
                  [3, 0.5],
                ],
          )
        : rng.weighted([
            [0, 8],
            [1, 1],
          ]));
    step = Math.min(step, phases - 1);
    const regret =
      fixed?.regret ?? (step < phases - 1 && rng.chance(finished ? 0.3 : complete ? 0.08 : 0.2));
    const archive = fixed?.archive ?? (!regret && rng.chance(0.05));
    const extra = regret || archive ? 1 : 0;
    const fractions = Array.from({ length: step + extra }, () => rng.float(0.05, 0.95)).sort(
      (a, b) => a - b,
    );
    const span = Math.max(HOUR, now.getTime() - createdAt.getTime() - HOUR);
    const times = fractions.map(
      (f) => new Date(createdAt.getTime() + f * Math.min(span, 60 * DAY)),
    );
    const stepTimes = [createdAt, ...times.slice(0, step)];
    const endTime = times[step];
    const nearest = [...o.locations].sort((a, b) => distanceKm(home, a) - distanceKm(home, b));
    return {
      opportunity: o,
      createdAt,
      step,
      stepTimes,
      regrettedAt: regret ? must(endTime, 'regret time') : null,
      archivedAt: archive ? must(endTime, 'archive time') : null,
      rating: step >= 1 && rng.chance(0.6) ? rng.int(1, 5) : null,
      locationIds: nearest.slice(0, rng.int(1, Math.min(2, nearest.length))).map((l) => l.id),
      campaignId: o.campaignId && rng.chance(0.3) ? o.campaignId : null,
      answered: complete && o.questionIds.length > 0 && rng.chance(0.85),
      eligible: rng.chance(eligibleBias),
    };
  };
  return { planApplications, planApplication };
}
