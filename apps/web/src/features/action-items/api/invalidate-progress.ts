import type { QueryClient } from '@tanstack/react-query';

import { actionItemsQueryKey } from './get-action-items';
import { profileCompletionQueryKey } from './get-profile-completion';

/**
 * After any change to the profile, its sections, the documents or the account: the to-do list
 * and the completion are computed from them, so both are fetched again (only where shown).
 */
export function invalidateProgress(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: actionItemsQueryKey }),
    queryClient.invalidateQueries({ queryKey: profileCompletionQueryKey }),
  ]).then(() => undefined);
}
