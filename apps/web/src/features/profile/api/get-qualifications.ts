import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { qualificationList } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from '../../reference';

export const qualificationsQueryKey = (search: string, typeId: number | null) =>
  ['reference', 'qualifications', search, typeId] as const;

/** GET qualifications?search=&qualification_type=: named programmes ("BSc Computer Science"). */
export function useQualifications(search: string, typeId: number | null) {
  return useQuery({
    queryKey: qualificationsQueryKey(search, typeId),
    queryFn: ({ signal }) =>
      apiRequest('qualifications', {
        query: {
          search: search || undefined,
          qualification_type: typeId ?? undefined,
          per: 25,
        },
        signal,
        schema: qualificationList,
      }),
    staleTime: REFERENCE_STALE_MS,
    placeholderData: keepPreviousData,
    select: (page) => page.items,
  });
}
