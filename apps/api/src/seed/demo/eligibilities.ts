import { sql, type SQL } from 'drizzle-orm';

import { storeAllEligibilities } from '../../features/eligibility/index.ts';

import { legacyRequirementCount } from './opportunities.ts';
import * as s from '../../db/schema/index.ts';
import { must, HOUR, type DemoContext } from './context.ts';
import type { OpportunityInfo, CandidatePlan, DemoApplication, StaffMember } from './plans.ts';

/** Eligibilities by the real evaluation, then referrals and invitations. */
export async function storeDemoEligibilities(
  ctx: DemoContext,
  data: {
    opportunities: OpportunityInfo[];
    candidatePlans: CandidatePlan[];
    candidateIds: number[];
    applications: DemoApplication[];
    clients: StaffMember[];
    thandiId: number;
  },
): Promise<void> {
  const { db, now, rng, at } = ctx;
  const { opportunities, candidatePlans, candidateIds, applications, clients, thandiId } = data;
  // Every candidate is checked against every published opportunity by the real evaluation, so
  // clients and the "I qualify" filter see data at once; then applications refer their rows, and
  // clients have invited some eligible candidates to the open opportunities.
  await storeAllEligibilities(db, now);
  const eligiblePairs = new Set(
    (
      await db
        .select({
          candidateId: s.eligibilities.candidateId,
          opportunityId: s.eligibilities.opportunityId,
        })
        .from(s.eligibilities)
        .where(sql`${s.eligibilities.eligible}`)
    ).map((r) => `${r.candidateId}:${r.opportunityId}`),
  );
  const referrals = applications.map(
    (a) =>
      sql`(${a.candidateId}::int, ${a.plan.opportunity.id}::int, ${a.plan.createdAt.toISOString()}::timestamptz)`,
  );
  if (referrals.length > 0) {
    await db.execute(
      sql`update eligibilities set referred_at = v.at from (values ${sql.join(referrals, sql`, `)}) as v(candidate_id, opportunity_id, at) where eligibilities.candidate_id = v.candidate_id and eligibilities.opportunity_id = v.opportunity_id`,
    );
  }
  // The draws the first (random) eligibility rows made, in their order: see legacyRequirementCount.
  const burn = (o: OpportunityInfo, eligible: boolean) => {
    const count = legacyRequirementCount(o.seed);
    if (!eligible && count > 0) {
      rng.int(0, count - 1);
      rng.pick(['unmet', 'unknown'] as const);
    }
  };
  const appliedKeys = new Set<string>();
  for (const a of applications) {
    appliedKeys.add(`${a.candidateId}:${a.plan.opportunity.id}`);
    burn(
      a.plan.opportunity,
      a.plan.eligible || legacyRequirementCount(a.plan.opportunity.seed) === 0,
    );
  }
  const invitations: SQL[] = [];
  const completeCandidates = candidatePlans
    .map((c, i) => ({ c, id: must(candidateIds[i], 'candidate id') }))
    .filter(({ c }) => c.tier === 'complete' && !c.demo);
  const sampledKeys = new Set<string>();
  for (const o of opportunities.filter(
    (op) => op.window === 'open' || op.window === 'closing_soon',
  )) {
    const primary = clients.find((c) => c.primary && c.organizationIndex === o.organizationIndex);
    for (const { id } of rng.sample(completeCandidates, 12)) {
      const key = `${id}:${o.id}`;
      if (appliedKeys.has(key)) continue;
      sampledKeys.add(key);
      const shortlisted = rng.chance(0.7);
      const invitedAt = new Date(at(-rng.int(1, 10)).getTime() + 2 * HOUR);
      if (shortlisted) rng.chance(0.3);
      burn(o, shortlisted);
      if (shortlisted && eligiblePairs.has(key) && primary) {
        invitations.push(
          sql`(${id}::int, ${o.id}::int, ${invitedAt.toISOString()}::timestamptz, ${primary.id}::int)`,
        );
      }
    }
  }
  for (const o of opportunities.filter((op) => op.window === 'open')) {
    const key = `${thandiId}:${o.id}`;
    if (appliedKeys.has(key) || sampledKeys.has(key)) continue;
    burn(
      o,
      (o.seed.disciplines ?? []).some(
        (d) => d === 'Computer Science' || d === 'Software Engineering',
      ),
    );
  }
  if (invitations.length > 0) {
    await db.execute(
      sql`update eligibilities set invited_at = v.at, invited_by_id = v.by from (values ${sql.join(invitations, sql`, `)}) as v(candidate_id, opportunity_id, at, by) where eligibilities.candidate_id = v.candidate_id and eligibilities.opportunity_id = v.opportunity_id`,
    );
  }
}
