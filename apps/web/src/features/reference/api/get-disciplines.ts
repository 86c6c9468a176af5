import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS, referenceSchemas } from './reference-data';

export const disciplinesQueryKey = ['reference', 'disciplines'] as const;

/** GET disciplines: the whole list (fields of study). */
export function useDisciplines({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: disciplinesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('disciplines', {
        signal,
        schema: () => referenceSchemas().then((m) => m.disciplineList),
      }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
