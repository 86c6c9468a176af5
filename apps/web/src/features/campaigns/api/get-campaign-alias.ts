import { useQuery } from '@tanstack/react-query';

import { campaignAlias, type CampaignAlias } from '@pathways/shared/campaigns/campaigns.schemas';

import { apiRequest } from '../../../lib/api-client';

/** A legacy short path is one segment of letters, digits, `-` and `_` (the shared campaignKey). */
const ALIAS_SEGMENT = /^\/([A-Za-z0-9_-]{1,100})\/?$/;

/** The segment of a path that could be a legacy campaign short path (`/KPMG`), else null. */
export function legacyAliasSegment(pathname: string): string | null {
  return ALIAS_SEGMENT.exec(pathname)?.[1] ?? null;
}

export const campaignAliasQueryKey = (alias: string) =>
  ['campaigns', 'alias', alias.toLowerCase()] as const;

/** GET campaign_aliases/{alias}: where a legacy short path leads (`/campaign/{slug}`). */
export function fetchCampaignAlias(alias: string, signal?: AbortSignal): Promise<CampaignAlias> {
  return apiRequest(`campaign_aliases/${encodeURIComponent(alias)}`, {
    signal,
    schema: campaignAlias,
  });
}

/**
 * The campaign a legacy short path leads to. Asked once: a 404, or no answer at all, means the
 * path is simply not found, so there is nothing to retry.
 */
export function useCampaignAlias(alias: string | null) {
  return useQuery({
    queryKey: campaignAliasQueryKey(alias ?? ''),
    queryFn: ({ signal }) => fetchCampaignAlias(alias ?? '', signal),
    enabled: alias !== null,
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
}
