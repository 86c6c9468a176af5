import { useQuery } from '@tanstack/react-query';

import { clientListResponse, type ClientList } from '@pathways/shared/managers/managers.schemas';

import { apiRequest } from '../../../lib/api-client';
import { managerKeys } from './query-keys';

export function fetchClients(signal?: AbortSignal): Promise<ClientList> {
  return apiRequest('client/clients', { signal, query: { per: 100 }, schema: clientListResponse });
}

/** The organization's client users, primary users first, then by name. */
export function useClients() {
  return useQuery({ queryKey: managerKeys.list(), queryFn: ({ signal }) => fetchClients(signal) });
}
