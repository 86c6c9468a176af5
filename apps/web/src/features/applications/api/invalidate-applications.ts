import type { QueryClient } from '@tanstack/react-query';

import { invalidateProgress } from '../../action-items';
import { applicationKeys } from './query-keys';

/**
 * After applying, withdrawing or changing an application: the lists, the application, the
 * screening answers and invites, and the to-do list and completion that count applications.
 */
export function invalidateApplications(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.invites }),
    queryClient.invalidateQueries({ queryKey: ['candidate', 'eligibilities'] }),
    queryClient.invalidateQueries({ queryKey: ['candidate', 'eligibility'] }),
    invalidateProgress(queryClient),
  ]).then(() => undefined);
}
