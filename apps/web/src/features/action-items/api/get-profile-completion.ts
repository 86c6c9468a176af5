import { useQuery } from '@tanstack/react-query';

import {
  profileCompletionResponse,
  type ProfileCompletion,
} from '@pathways/shared/action-items/action-items.schemas';

import { apiRequest } from '../../../lib/api-client';

export const profileCompletionQueryKey = ['candidate', 'profile-completion'] as const;

export function fetchProfileCompletion(signal?: AbortSignal): Promise<ProfileCompletion> {
  return apiRequest('candidate/profile/completion', { signal, schema: profileCompletionResponse });
}

/** How complete the profile is, and what is missing (the same rules as the to-do list). */
export function useProfileCompletion() {
  return useQuery({
    queryKey: profileCompletionQueryKey,
    queryFn: ({ signal }) => fetchProfileCompletion(signal),
  });
}
