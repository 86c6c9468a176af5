import { format } from 'date-fns';

import {
  campaignCopyKeys,
  type CampaignCopyKey,
  type PublicCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';
import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';

// The keys an organization may override (and their limits) are the shared contract's
// `campaignCopyKeys`: a key that is absent or blank keeps the default below; keys the page
// does not know are left for the sign-up conversation.
export { campaignCopyKeys };
export type CampaignCopy = Record<Exclude<CampaignCopyKey, 'body'>, string> & {
  body: string | null;
};

export function campaignCopy(campaign: PublicCampaign): CampaignCopy {
  const override = (key: CampaignCopyKey) => {
    const value = campaign.copy[key];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const target = campaign.opportunity?.name ?? campaign.organization.name;
  return {
    headline: override('headline') ?? campaign.name,
    tagline:
      override('tagline') ??
      campaign.description ??
      `Sign up to hear about jobs, bursaries and scholarships at ${campaign.organization.name}.`,
    body: override('body'),
    signupTitle: override('signupTitle') ?? `Ready to apply for ${target}?`,
    signupText:
      override('signupText') ??
      'Create your free Pathways profile once: we match it to every requirement and tell you what is still missing.',
    signupButton: override('signupButton') ?? "Sign up, it's free",
  };
}

const day = (iso: string) => format(new Date(iso), DATE_DISPLAY_FORMAT);

/**
 * Where a campaign stands in its dates, in words: "Opens 1 May 2026, closes 30 June 2026",
 * "Open now, closes 30 June 2026", "Closed 30 June 2026"; null for a campaign without dates.
 */
export function campaignDatesLine(
  campaign: Pick<PublicCampaign, 'startsAt' | 'endsAt'>,
  now: Date = new Date(),
): string | null {
  const { startsAt, endsAt } = campaign;
  if (endsAt && new Date(endsAt) <= now) return `Closed ${day(endsAt)}`;
  if (startsAt && new Date(startsAt) > now) {
    return endsAt ? `Opens ${day(startsAt)}, closes ${day(endsAt)}` : `Opens ${day(startsAt)}`;
  }
  if (endsAt) return `Open now, closes ${day(endsAt)}`;
  if (startsAt) return `Open since ${day(startsAt)}`;
  return null;
}
