import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { campaignAnalytics } from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';

import { apiRequest } from '../../../lib/api-client';

export const campaignAnalyticsKeys = {
  all: ['campaign-analytics'] as const,
  weeks: (weeks: number) => [...campaignAnalyticsKeys.all, weeks] as const,
};

/** GET client/organization/analytics/campaigns?weeks=… */
export function useCampaignAnalytics(weeks: number) {
  return useQuery({
    queryKey: campaignAnalyticsKeys.weeks(weeks),
    queryFn: ({ signal }) =>
      apiRequest('client/organization/analytics/campaigns', {
        query: { weeks },
        signal,
        schema: campaignAnalytics,
      }),
    placeholderData: keepPreviousData,
  });
}
