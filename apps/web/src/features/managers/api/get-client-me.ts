import { useQuery } from '@tanstack/react-query';

import { clientMeResponse, type ClientMe } from '@pathways/shared/managers/managers.schemas';

import { apiRequest } from '../../../lib/api-client';
import { managerKeys } from './query-keys';

export function fetchClientMe(signal?: AbortSignal): Promise<ClientMe> {
  return apiRequest('client/me', { signal, schema: clientMeResponse });
}

/** The signed-in client user's organization, primary flag and active workspaces. */
export function useClientMe(enabled = true) {
  return useQuery({
    queryKey: managerKeys.me,
    queryFn: ({ signal }) => fetchClientMe(signal),
    enabled,
    staleTime: 60_000,
  });
}
