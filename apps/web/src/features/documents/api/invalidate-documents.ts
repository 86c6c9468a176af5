import type { QueryClient } from '@tanstack/react-query';

import { invalidateProgress } from '../../action-items';
import { invalidateProfile } from '../../profile';
import { documentsQueryKey } from './get-documents';

/** After an upload or a deletion: the list, and the to-do list and completion that count it. */
export function invalidateDocuments(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
    invalidateProfile(queryClient),
    invalidateProgress(queryClient),
  ]).then(() => undefined);
}
