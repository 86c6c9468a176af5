import type { ApiKeyArea, ApiKeyScopes } from '@pathways/shared/api-keys/api-keys.rules';
import { apiKeyAreas } from '@pathways/shared/api-keys/api-keys.rules';

/** How the page names each area. */
export const areaLabels: Record<ApiKeyArea, string> = {
  opportunities: 'Opportunities',
  applications: 'Applications',
  candidates: 'Candidates',
  campaigns: 'Campaigns',
  analytics: 'Analytics',
};

/** A key's scopes in words: "Applications: read, Campaigns: write". */
export function describeScopes(scopes: ApiKeyScopes): string {
  return apiKeyAreas
    .filter((area) => scopes[area])
    .map((area) => `${areaLabels[area]}: ${scopes[area]}`)
    .join(', ');
}
