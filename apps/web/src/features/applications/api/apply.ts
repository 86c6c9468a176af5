import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  application,
  type Application,
  type ApplyBody,
} from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { invalidateApplications } from './invalidate-applications';
import { applicationKeys } from './query-keys';

export function applyFor(opportunityId: number, body: ApplyBody): Promise<Application> {
  return apiRequest(`candidate/opportunities/${opportunityId}/apply`, {
    method: 'POST',
    body,
    schema: application,
  });
}

/** POST candidate/opportunities/{id}/apply: 201 with the new application. */
export function useApply(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => applyFor(opportunityId, body),
    onSuccess: async (created) => {
      queryClient.setQueryData(applicationKeys.detail(created.id), created);
      await invalidateApplications(queryClient);
    },
  });
}
