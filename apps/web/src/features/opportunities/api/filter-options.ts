import { useQuery } from '@tanstack/react-query';

import {
  disciplineList,
  organizationList,
  qualificationTypeList,
} from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';

// The lists the search filters choose from. Reference data changes rarely: kept for an hour.
// The keys are the reference data's own, so another page that loaded a list shares it.
const STALE_MS = 60 * 60 * 1000;

export interface FilterOption {
  id: number;
  name: string;
}

/** GET organizations: the first 100 by name (the API's largest page). */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: ['reference', 'organizations', { per: 100 }],
    queryFn: ({ signal }) =>
      apiRequest('organizations', { signal, query: { per: 100 }, schema: organizationList }),
    staleTime: STALE_MS,
    select: (page): FilterOption[] => page.items.map(({ id, name }) => ({ id, name })),
  });
}

/** GET disciplines: fields of study. */
export function useDisciplineOptions() {
  return useQuery({
    queryKey: ['reference', 'disciplines'],
    queryFn: ({ signal }) => apiRequest('disciplines', { signal, schema: disciplineList }),
    staleTime: STALE_MS,
    select: (page): FilterOption[] => page.items,
  });
}

/** GET qualification_types: a dozen, by NQF level. */
export function useQualificationTypeOptions() {
  return useQuery({
    queryKey: ['reference', 'qualification-types'],
    queryFn: ({ signal }) =>
      apiRequest('qualification_types', { signal, schema: qualificationTypeList }),
    staleTime: STALE_MS,
    select: (page): FilterOption[] => page.items.map(({ id, name }) => ({ id, name })),
  });
}
