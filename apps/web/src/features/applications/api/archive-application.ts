import { useMutation, useQueryClient } from '@tanstack/react-query';

import { application, type Application } from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { invalidateApplications } from './invalidate-applications';
import { applicationKeys } from './query-keys';

export function archiveApplication(id: number): Promise<Application> {
  return apiRequest(`candidate/applications/${id}/archive`, {
    method: 'PATCH',
    schema: application,
  });
}

/** PATCH candidate/applications/{id}/archive: the candidate withdraws the application. */
export function useArchiveApplication(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveApplication(id),
    onSuccess: async (archived) => {
      queryClient.setQueryData(applicationKeys.detail(id), archived);
      await invalidateApplications(queryClient);
    },
  });
}
