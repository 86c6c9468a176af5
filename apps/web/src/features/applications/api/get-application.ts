import { useQuery } from '@tanstack/react-query';

import { application, type Application } from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

export function fetchApplication(id: number, signal?: AbortSignal): Promise<Application> {
  return apiRequest(`candidate/applications/${id}`, { signal, schema: application });
}

/** One of the candidate's applications; another candidate's answers 404 like a missing one. */
export function useApplication(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => fetchApplication(id, signal),
    enabled: options.enabled ?? true,
  });
}
