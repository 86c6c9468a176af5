import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS, referenceSchemas } from './reference-data';

export const qualificationTypesQueryKey = ['reference', 'qualification-types'] as const;

/** GET qualification_types: the whole list (a dozen, by NQF level). */
export function useQualificationTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: qualificationTypesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('qualification_types', {
        signal,
        schema: () => referenceSchemas().then((m) => m.qualificationTypeList),
      }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
