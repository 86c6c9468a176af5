import { organizationSeeds } from '../data/organizations.ts';
import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, type DemoContext } from './context.ts';
import type { OpportunityInfo } from './plans.ts';

/** A sign-up campaign per organization and per coded opportunity, with their legacy aliases. */
export async function insertCampaigns(
  ctx: DemoContext,
  organizationIds: number[],
  opportunities: OpportunityInfo[],
): Promise<{ organizationCampaignIds: number[] }> {
  const { db, nowYear } = ctx;
  const campaignRows: {
    row: typeof s.campaigns.$inferInsert;
    aliases: string[];
    opportunity?: OpportunityInfo;
  }[] = [];
  organizationSeeds.forEach((o, i) => {
    const organizationId = must(organizationIds[i], 'organization');
    campaignRows.push({
      row: {
        slug: o.code,
        name: `Careers at ${o.name}`,
        kind: 'organization',
        organizationId,
        description: `Sign up to hear about jobs, bursaries and scholarships at ${o.name}.`,
      },
      aliases: o.aliases,
    });
  });
  for (const o of opportunities) {
    if (!o.seed.code) continue;
    campaignRows.push({
      row: {
        slug: o.seed.code,
        name: o.seed.name,
        kind: 'opportunity',
        organizationId: o.organizationId,
        opportunityId: o.id,
        description: o.seed.summary,
        startsAt: o.opensAt,
        endsAt: o.closesAt,
      },
      // Legacy codes: the ones the programme used, plus last intake's year-stamped code.
      aliases: [...(o.seed.aliases ?? []), `${o.seed.code}${nowYear}`],
      opportunity: o,
    });
  }
  const campaignIds = await insertIds(
    db,
    s.campaigns,
    campaignRows.map((c) => c.row),
  );
  const organizationCampaignIds = campaignIds.slice(0, organizationSeeds.length);
  campaignRows.forEach((c, i) => {
    if (c.opportunity) c.opportunity.campaignId = must(campaignIds[i], 'campaign');
  });
  await insertAll(
    db,
    s.campaignAliases,
    campaignRows.flatMap((c, i) =>
      c.aliases.map((alias) => ({ alias, campaignId: must(campaignIds[i], 'campaign') })),
    ),
  );
  return { organizationCampaignIds };
}
