import { useQuery } from '@tanstack/react-query';

import { qualificationCategoryList } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from './reference-data';

export const qualificationCategoriesQueryKey = ['reference', 'qualification-categories'] as const;

/** GET qualification_categories: the whole list. */
export function useQualificationCategories() {
  return useQuery({
    queryKey: qualificationCategoriesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('qualification_categories', { signal, schema: qualificationCategoryList }),
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
