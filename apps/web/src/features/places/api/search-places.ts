import { keepPreviousData, useQuery } from '@tanstack/react-query';

import {
  LOCATION_SEARCH_DEBOUNCE_MS,
  LOCATION_SEARCH_MIN_CHARS,
} from '@pathways/shared/common/constants';
import type { Location } from '@pathways/shared/reference/reference.schemas';

import { apiRequest } from '../../../lib/api-client';
import { useDebouncedValue } from '../hooks/use-debounced-value';

export type Place = Location;

export const placeSearchQueryKey = (term: string) => ['places', 'search', term] as const;

export async function searchPlaces(term: string, signal?: AbortSignal): Promise<Place[]> {
  const { items } = await apiRequest('search/locations', {
    query: { search: term },
    signal,
    schema: () =>
      import('@pathways/shared/reference/reference.schemas').then((m) => m.locationSearchResponse),
  });
  return items;
}

/** A place's own name without its region and country: "Johannesburg, Gauteng" is "Johannesburg". */
export const placeShortName = (place: Pick<Place, 'address'>) =>
  place.address.split(',')[0]?.trim() || place.address;

/** True when a typed place name is long enough to search: more than 2 characters. */
export const isSearchable = (term: string) => term.trim().length >= LOCATION_SEARCH_MIN_CHARS;

/**
 * Places matching what the user types: searched once the text has at least 3 characters and
 * has not changed for 300 ms. A failed search is ignored: the list simply stays empty. A
 * superseded search is cancelled by its signal.
 */
export function usePlaceSearch(typed: string) {
  const term = useDebouncedValue(typed.trim(), LOCATION_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: placeSearchQueryKey(term),
    queryFn: ({ signal }) => searchPlaces(term, signal),
    enabled: isSearchable(term),
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const settled = term === typed.trim();
  return {
    places: isSearchable(term) && !query.isError ? (query.data ?? []) : [],
    isSearching: isSearchable(typed) && (!settled || query.isFetching),
  };
}
