import { useQuery } from '@tanstack/react-query';

import {
  publicOrganization,
  type PublicOrganization,
} from '@pathways/shared/organizations/organizations.schemas';

import { freshOnlyFromServer } from '../../../lib/server-state';
import { apiRequest } from '../../../lib/api-client';

export const organizationQueryKey = (id: number) => ['organizations', 'detail', id] as const;

/** GET organizations/{id}: an organization's public profile with its locations. */
export function fetchOrganization(id: number, signal?: AbortSignal): Promise<PublicOrganization> {
  return apiRequest(`organizations/${id}`, { signal, schema: publicOrganization });
}

export function useOrganization(id: number | null) {
  return useQuery({
    queryKey: organizationQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchOrganization(id ?? 0, signal),
    enabled: id !== null,
    // The organization's own users change it: opening the page always asks again (the page
    // the server has just rendered with it excepted).
    staleTime: freshOnlyFromServer,
  });
}
