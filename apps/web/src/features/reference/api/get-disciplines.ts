import { useQuery } from '@tanstack/react-query';

import { disciplineList } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from './reference-data';

export const disciplinesQueryKey = ['reference', 'disciplines'] as const;

/** GET disciplines: the whole list (fields of study). */
export function useDisciplines() {
  return useQuery({
    queryKey: disciplinesQueryKey,
    queryFn: ({ signal }) => apiRequest('disciplines', { signal, schema: disciplineList }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
