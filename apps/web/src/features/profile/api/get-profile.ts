import { useQuery } from '@tanstack/react-query';

import type { Profile } from '@pathways/shared/profile/profile.schemas';

import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = ['candidate', 'profile'] as const;

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('candidate/profile', {
    signal,
    // Loaded with the request: the search page asks for the profile's home only for a candidate.
    schema: () => import('@pathways/shared/profile/profile.schemas').then((m) => m.profile),
  });
}

/** The candidate's profile with every section. */
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal) });
}
