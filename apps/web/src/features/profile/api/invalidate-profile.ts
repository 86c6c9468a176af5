import type { QueryClient } from '@tanstack/react-query';

import { invalidateProgress } from '../../action-items';
import { profileQueryKey } from './get-profile';

/** After a change to the profile or a section: the profile, the to-do list and the completion. */
export function invalidateProfile(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    invalidateProgress(queryClient),
  ]).then(() => undefined);
}
