import { useQuery } from '@tanstack/react-query';

import { publicCampaign, type PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';

import { apiRequest } from '../../../lib/api-client';

export const campaignQueryKey = (slug: string) =>
  ['campaigns', 'detail', slug.toLowerCase()] as const;

/** GET campaigns/{slug}: the public campaign page (a slug, a numeric id or a legacy code). */
export function fetchCampaign(slug: string, signal?: AbortSignal): Promise<PublicCampaign> {
  return apiRequest(`campaigns/${encodeURIComponent(slug)}`, { signal, schema: publicCampaign });
}

export function useCampaign(slug: string | null) {
  return useQuery({
    queryKey: campaignQueryKey(slug ?? ''),
    queryFn: ({ signal }) => fetchCampaign(slug ?? '', signal),
    enabled: slug !== null,
  });
}
