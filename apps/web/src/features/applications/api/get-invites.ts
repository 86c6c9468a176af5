import { useQuery } from '@tanstack/react-query';

import { inviteList, type Invite } from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

export async function fetchInvites(signal?: AbortSignal): Promise<Invite[]> {
  const { items } = await apiRequest('candidate/invites', { signal, schema: inviteList });
  return items;
}

/** Opportunities an organization invited the candidate to apply for. */
export function useInvites() {
  return useQuery({
    queryKey: applicationKeys.invites,
    queryFn: ({ signal }) => fetchInvites(signal),
  });
}
