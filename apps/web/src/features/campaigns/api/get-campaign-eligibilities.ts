import { useQuery } from '@tanstack/react-query';

import {
  campaignEligibilityList,
  type CampaignEligibilityList,
} from '@pathways/shared/eligibility/eligibility.schemas';

import { apiRequest } from '../../../lib/api-client';

export const campaignEligibilitiesQueryKey = (campaignId: number) =>
  ['campaigns', 'eligibilities', campaignId] as const;

/**
 * GET candidate/campaigns/{id}/eligibilities: the signed-in candidate checked now against the
 * campaign's opportunity, or against its organization's active opportunities.
 */
export function fetchCampaignEligibilities(
  campaignId: number,
  signal?: AbortSignal,
): Promise<CampaignEligibilityList> {
  return apiRequest(`candidate/campaigns/${campaignId}/eligibilities`, {
    signal,
    schema: campaignEligibilityList,
  });
}

export function useCampaignEligibilities(campaignId: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: campaignEligibilitiesQueryKey(campaignId),
    queryFn: ({ signal }) => fetchCampaignEligibilities(campaignId, signal),
    enabled: options.enabled,
  });
}
