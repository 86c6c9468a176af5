import type { DbOrTx } from '../../db/client.ts';
import { insertActivity } from './activity.ts';
import { insertApplications } from './applications.ts';
import { insertCampaignVisits } from './campaign-visits.ts';
import { insertCampaigns } from './campaigns.ts';
import { planCandidates } from './candidates.ts';
import { createDemoContext, must } from './context.ts';
import { storeDemoEligibilities } from './eligibilities.ts';
import { insertFeedback } from './feedback.ts';
import { insertListings } from './listings.ts';
import { insertOpportunities } from './opportunities.ts';
import { insertOrganizations } from './organizations.ts';
import { insertCandidates } from './profiles.ts';
import { insertStaff } from './staff.ts';
import { fillDemoTracker } from './tracker.ts';

export { DEMO_SEED } from './context.ts';

/**
 * Inserts the whole demo data set. The caller runs it in a transaction on an empty database.
 * Every step draws from one random stream, so the steps run in this order and no other: the
 * same seed and moment then give the same data on every run.
 */
export async function insertDemoData(
  db: DbOrTx,
  options: { now: Date; candidates: number; passwordHash: string },
): Promise<void> {
  const ctx = await createDemoContext(db, options);
  const organizationIds = await insertOrganizations(ctx);
  const opportunities = await insertOpportunities(ctx, organizationIds);
  const { organizationCampaignIds } = await insertCampaigns(ctx, organizationIds, opportunities);
  await insertListings(ctx, organizationIds, opportunities);
  const { candidatePlans, suspended } = planCandidates(ctx, opportunities);
  const staff = await insertStaff(ctx, organizationIds, opportunities);
  const candidateIds = await insertCandidates(
    ctx,
    candidatePlans,
    suspended,
    organizationCampaignIds,
  );
  const applications = await insertApplications(ctx, candidatePlans, candidateIds, staff.actorsFor);
  const thandiId = must(
    candidateIds[candidatePlans.findIndex((c) => c.demo === 'thandi')],
    'thandi id',
  );
  await storeDemoEligibilities(ctx, {
    opportunities,
    candidatePlans,
    candidateIds,
    applications,
    clients: staff.clients,
    thandiId,
  });
  await insertActivity(ctx, {
    opportunities,
    candidatePlans,
    candidateIds,
    applications,
    actorsFor: staff.actorsFor,
    thandiId,
  });
  await insertFeedback(ctx, {
    organizationIds,
    candidatePlans,
    candidateIds,
    suspended,
    applications,
    staff,
  });
  await fillDemoTracker(ctx, {
    opportunities,
    candidatePlans,
    candidateIds,
    applications,
    suspended,
    actorsFor: staff.actorsFor,
  });
  await insertCampaignVisits(ctx);
}
