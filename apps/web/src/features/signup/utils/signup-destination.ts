import type { PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

export interface Destination {
  label: string;
  to: string;
}

type CampaignTarget = Pick<PublicCampaign, 'kind' | 'organization' | 'opportunity'>;

/**
 * Where the final button leads: an opportunity campaign's opportunity, an
 * organization campaign's organization page, else all opportunities.
 */
export function finalDestination(campaign: CampaignTarget | null): Destination {
  if (campaign?.kind === 'opportunity' && campaign.opportunity) {
    return {
      label: `View ${campaign.opportunity.name}`,
      to: opportunityPagePath(campaign.opportunity.id, campaign.opportunity.name),
    };
  }
  if (campaign) {
    return {
      label: `Visit ${campaign.organization.name}`,
      to: paths.organization(campaign.organization.id),
    };
  }
  return { label: 'View opportunities', to: paths.opportunities };
}

/** The campaign slug of a `/campaign/{slug}` page, else null. */
export function campaignSlugOf(pathname: string): string | null {
  const match = /^\/campaign\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
