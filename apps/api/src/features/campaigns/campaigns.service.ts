import {
  campaignKey,
  type CampaignAlias,
  type PublicCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './campaigns.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toPublicCampaign(row: repo.CampaignRow): PublicCampaign {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    description: row.description,
    image: row.image,
    copy: row.copy,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    organization: row.organization,
    opportunity:
      row.opportunityId !== null && row.opportunityName !== null
        ? { id: row.opportunityId, name: row.opportunityName }
        : null,
  };
}

export function createCampaignsService(deps: Pick<FeatureDeps, 'db'>) {
  const { db } = deps;
  return {
    /**
     * GET campaigns/{id}: `id` is the numeric id, the slug (the page is /campaign/{slug}) or a
     * legacy alias, tried in that order, so /campaign/{old code} works as well as the redirect.
     */
    async campaign(key: string): Promise<PublicCampaign> {
      const row = await repo.findCampaignByKey(db, key);
      if (!row) throw notFound('Campaign not found');
      return toPublicCampaign(row);
    },

    /** GET campaign_aliases/{alias}: where a legacy short path leads. */
    async alias(alias: string): Promise<CampaignAlias> {
      const row = await repo.findAlias(db, alias);
      if (!row) throw notFound('No campaign has this code');
      return {
        alias: row.alias,
        campaign: { id: row.campaignId, slug: row.slug },
        path: paths.campaign(row.alias),
      };
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Where a legacy short path (`/{alias}`, one path segment) leads: `/campaign/{the same code}`
 * (the old programme codes of banks, law firms and the like; the campaign page takes an alias as
 * well as the slug), or
 * undefined when the segment is no campaign alias. The server answers such paths with a 301.
 */
export async function legacyCampaignPath(
  deps: Pick<FeatureDeps, 'db'>,
  segment: string,
): Promise<string | undefined> {
  const alias = campaignKey.safeParse(segment);
  if (!alias.success) return undefined;
  const row = await repo.findAlias(deps.db, alias.data);
  return row ? paths.campaign(row.alias) : undefined;
}
