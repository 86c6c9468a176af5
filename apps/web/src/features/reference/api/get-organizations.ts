import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS, referenceSchemas } from './reference-data';

/** The first 100 organizations by name (the API's largest page): enough to choose from. */
export function useOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ['reference', 'organizations', { per: 100 }],
    queryFn: ({ signal }) =>
      apiRequest('organizations', {
        signal,
        query: { per: 100 },
        schema: () => referenceSchemas().then((m) => m.organizationList),
      }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
