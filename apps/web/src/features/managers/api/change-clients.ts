import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  clientUserResponse,
  inviteResponse,
  type ClientChanges,
  type NewClient,
} from '@pathways/shared/managers/managers.schemas';

import { apiRequest } from '../../../lib/api-client';
import { managerKeys } from './query-keys';

function useRefreshAfter<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A change to primary users also changes what the drawer shows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: managerKeys.all }),
        queryClient.invalidateQueries({ queryKey: managerKeys.me }),
      ]),
  });
}

/** POST client/clients: adds a colleague and e-mails them an invitation. */
export function useAddManager() {
  return useRefreshAfter((client: NewClient) =>
    apiRequest('client/clients', { method: 'POST', body: { client }, schema: clientUserResponse }),
  );
}

/** PATCH client/clients/{id}: names, job title, primary, active. */
export function useChangeManager() {
  return useRefreshAfter(({ id, changes }: { id: number; changes: ClientChanges }) =>
    apiRequest(`client/clients/${id}`, {
      method: 'PATCH',
      body: { client: changes },
      schema: clientUserResponse,
    }),
  );
}

/** POST client/clients/{id}/invite: a fresh invitation; the previous link stops working. */
export function useInviteManager() {
  return useRefreshAfter((id: number) =>
    apiRequest(`client/clients/${id}/invite`, { method: 'POST', schema: inviteResponse }),
  );
}
