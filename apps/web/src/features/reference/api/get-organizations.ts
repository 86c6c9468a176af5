import { useQuery } from '@tanstack/react-query';

import { organizationList } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from './reference-data';

/** The first 100 organizations by name (the API's largest page): enough to choose from. */
export function useOrganizations() {
  return useQuery({
    queryKey: ['reference', 'organizations', { per: 100 }],
    queryFn: ({ signal }) =>
      apiRequest('organizations', { signal, query: { per: 100 }, schema: organizationList }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
