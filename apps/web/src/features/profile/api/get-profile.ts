import { useQuery } from '@tanstack/react-query';

import { profile, type Profile } from '@pathways/shared/profile/profile.schemas';

import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = ['candidate', 'profile'] as const;

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('candidate/profile', { signal, schema: profile });
}

/** The candidate's profile with every section. */
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal) });
}
