import { useQuery } from '@tanstack/react-query';

import { fetchProfile, profileQueryKey } from '../../profile';

/**
 * A candidate's home location from their profile, the search's centre when the address bar
 * names none. Shares the profile's cached answer.
 */
export function useProfileLocation({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled,
    // The search waits for it: a failure means no centre, not a delay.
    retry: false,
    staleTime: 5 * 60_000,
    select: (data) => data.location,
  });
}
