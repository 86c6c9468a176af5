import { useQuery } from '@tanstack/react-query';

import { qualificationComponentList } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from '../../reference';

export const qualificationComponentsQueryKey = (typeId: number, institutionId: number | null) =>
  ['reference', 'qualification-components', typeId, institutionId] as const;

/**
 * GET qualification_components?qualification_type=&institution=: the subjects of a kind of
 * qualification (every school's NSC subjects, plus an institution's own modules).
 */
export function useQualificationComponents(typeId: number | null, institutionId: number | null) {
  return useQuery({
    queryKey: qualificationComponentsQueryKey(typeId ?? 0, institutionId),
    queryFn: ({ signal }) =>
      apiRequest('qualification_components', {
        query: {
          qualification_type: typeId ?? undefined,
          institution: institutionId ?? undefined,
          per: 100,
        },
        signal,
        schema: qualificationComponentList,
      }),
    enabled: typeId !== null,
    staleTime: REFERENCE_STALE_MS,
    select: (page) => page.items,
  });
}
