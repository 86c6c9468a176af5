import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { Institution } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS, referenceSchemas } from './reference-data';

export const institutionsQueryKey = (search: string) =>
  ['reference', 'institutions', search] as const;

/** GET institutions?search=: universities, colleges and schools by name. */
export function useInstitutions(search: string) {
  return useQuery({
    queryKey: institutionsQueryKey(search),
    queryFn: ({ signal }) =>
      apiRequest<{ items: Institution[] }>('institutions', {
        query: { search: search || undefined, per: 25 },
        signal,
        schema: () => referenceSchemas().then((m) => m.institutionList),
      }),
    staleTime: REFERENCE_STALE_MS,
    placeholderData: keepPreviousData,
    select: (page) => page.items,
  });
}
