import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS, referenceSchemas } from './reference-data';

export const qualificationCategoriesQueryKey = ['reference', 'qualification-categories'] as const;

/** GET qualification_categories: the whole list. */
export function useQualificationCategories() {
  return useQuery({
    queryKey: qualificationCategoriesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('qualification_categories', {
        signal,
        schema: () => referenceSchemas().then((m) => m.qualificationCategoryList),
      }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
