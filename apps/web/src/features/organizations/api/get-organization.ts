import { useQuery } from '@tanstack/react-query';

import { organization, type Organization } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';

export const organizationQueryKey = (id: number) => ['organizations', 'detail', id] as const;

/** GET organizations/{id}: an organization's public profile. */
export function fetchOrganization(id: number, signal?: AbortSignal): Promise<Organization> {
  return apiRequest(`organizations/${id}`, { signal, schema: organization });
}

export function useOrganization(id: number | null) {
  return useQuery({
    queryKey: organizationQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchOrganization(id ?? 0, signal),
    enabled: id !== null,
  });
}
