import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  application,
  type Application,
  type ApplicationPatch,
} from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { invalidateApplications } from './invalidate-applications';
import { applicationKeys } from './query-keys';

export function updateApplication(id: number, patch: ApplicationPatch): Promise<Application> {
  return apiRequest(`candidate/applications/${id}`, {
    method: 'PATCH',
    body: { application: patch },
    schema: application,
  });
}

/** PATCH candidate/applications/{id}: the chosen locations and/or the screening answers. */
export function useUpdateApplication(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ApplicationPatch) => updateApplication(id, patch),
    onSuccess: async (updated) => {
      queryClient.setQueryData(applicationKeys.detail(id), updated);
      await invalidateApplications(queryClient);
    },
  });
}
