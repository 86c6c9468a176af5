import { useQuery } from '@tanstack/react-query';

import { qualificationTypeList } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from './reference-data';

export const qualificationTypesQueryKey = ['reference', 'qualification-types'] as const;

/** GET qualification_types: the whole list (a dozen, by NQF level). */
export function useQualificationTypes() {
  return useQuery({
    queryKey: qualificationTypesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('qualification_types', { signal, schema: qualificationTypeList }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
