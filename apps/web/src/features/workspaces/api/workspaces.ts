import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  workspaceCounts,
  workspaceList,
  workspaceLocationResponse,
  workspaceManagers,
  workspaceResponse,
  type OpportunityFormValues,
  type UpdateWorkspaceInput,
  type WorkspaceLocationInput,
  type WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';

import { apiRequest } from '../../../lib/api-client';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: (all: boolean) => ['workspaces', 'list', all] as const,
  detail: (id: number) => ['workspaces', 'detail', id] as const,
  counts: (id: number) => ['workspaces', 'counts', id] as const,
  managers: (id: number) => ['workspaces', 'managers', id] as const,
};

const base = (id: number) => `client/opportunities/${id}`;

/** The lists and counts show names, dates and places: any change refreshes them. */
const refreshLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['workspaces', 'list'] });

/** GET client/opportunities: the active workspaces, or every one with `all`. */
export function useWorkspaces(all: boolean, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: workspaceKeys.list(all),
    queryFn: ({ signal }) =>
      apiRequest('client/opportunities', {
        query: all ? { all: true } : undefined,
        signal,
        schema: workspaceList,
      }),
  });
}

export function useWorkspace(id: number) {
  return useQuery({
    queryKey: workspaceKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest(base(id), { signal, schema: workspaceResponse })).opportunity,
  });
}

export function useWorkspaceCounts(id: number) {
  return useQuery({
    queryKey: workspaceKeys.counts(id),
    queryFn: ({ signal }) => apiRequest(`${base(id)}/counts`, { signal, schema: workspaceCounts }),
  });
}

/** POST client/opportunities: a new draft. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (opportunity: Partial<OpportunityFormValues>) =>
      (
        await apiRequest('client/opportunities', {
          method: 'POST',
          body: { opportunity },
          schema: workspaceResponse,
        })
      ).opportunity,
    onSuccess: async (created) => {
      queryClient.setQueryData(workspaceKeys.detail(created.id), created);
      await refreshLists(queryClient);
    },
  });
}

/** PATCH client/opportunities/{id}; a stale version answers 409 with the current one. */
export function useUpdateWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (opportunity: UpdateWorkspaceInput) =>
      (
        await apiRequest(base(id), {
          method: 'PATCH',
          body: { opportunity },
          schema: workspaceResponse,
        })
      ).opportunity,
    onSuccess: async (saved) => {
      queryClient.setQueryData(workspaceKeys.detail(id), saved);
      await refreshLists(queryClient);
    },
  });
}

function useLocationMutation<V>(id: number, request: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(id) }),
  });
}

export function useAddLocation(id: number) {
  return useLocationMutation(id, async (location: WorkspaceLocationInput) =>
    apiRequest(`${base(id)}/locations`, {
      method: 'POST',
      body: { location },
      schema: workspaceLocationResponse,
    }),
  );
}

export function useUpdateLocation(id: number) {
  return useLocationMutation(
    id,
    async ({ locId, location }: { locId: number; location: Partial<WorkspaceLocationInput> }) =>
      apiRequest(`${base(id)}/locations/${locId}`, {
        method: 'PATCH',
        body: { location },
        schema: workspaceLocationResponse,
      }),
  );
}

export function useDeleteLocation(id: number) {
  return useLocationMutation(id, async (locId: number) =>
    apiRequest(`${base(id)}/locations/${locId}`, { method: 'DELETE' }),
  );
}

export function useWorkspaceManagers(id: number) {
  return useQuery({
    queryKey: workspaceKeys.managers(id),
    queryFn: ({ signal }) =>
      apiRequest(`${base(id)}/managers`, { signal, schema: workspaceManagers }),
  });
}

/** PUT client/opportunities/{id}/managers: exactly these users manage it. */
export function useSetManagers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      apiRequest(`${base(id)}/managers`, {
        method: 'PUT',
        body: { userIds },
        schema: workspaceManagers,
      }),
    onSuccess: (managers) => {
      queryClient.setQueryData(workspaceKeys.managers(id), managers);
    },
  });
}

export type { WorkspaceOpportunity };
