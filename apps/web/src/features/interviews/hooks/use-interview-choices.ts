import { useWorkspace, useWorkspaceManagers } from '../../workspaces';
import type { ManagerOption } from '../components/time-fields';

/**
 * What a time may use in a workspace: its places, and its managers (primary users and those
 * listed as its managers) as interviewers.
 */
export function useInterviewChoices(opportunityId: number, enabled = true) {
  const workspace = useWorkspace(opportunityId);
  const managers = useWorkspaceManagers(opportunityId);
  const options: ManagerOption[] = (managers.data?.items ?? [])
    .filter((u) => u.primary || u.manager)
    .map((u) => ({
      id: u.id,
      name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
    }));
  return {
    isPending: enabled && (workspace.isPending || managers.isPending),
    isError: workspace.isError || managers.isError,
    retry: () => {
      void workspace.refetch();
      void managers.refetch();
    },
    locations: workspace.data?.locations ?? [],
    managers: options,
  };
}
