import { useQuery } from '@tanstack/react-query';

import {
  APPLICATION_PAGE_SIZE_MAX,
  applicationList,
  type ApplicationList,
} from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

export function fetchApplications(signal?: AbortSignal): Promise<ApplicationList> {
  return apiRequest('candidate/applications', {
    signal,
    query: { per: APPLICATION_PAGE_SIZE_MAX },
    schema: applicationList,
  });
}

/** The candidate's applications, newest first, with the counts per status over all of them. */
export function useApplications() {
  return useQuery({
    queryKey: applicationKeys.list(),
    queryFn: ({ signal }) => fetchApplications(signal),
  });
}
