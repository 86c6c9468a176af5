import { useQuery } from '@tanstack/react-query';

import { publicListing, type PublicListing } from '@pathways/shared/listings/listings.schemas';

import { apiRequest } from '../../../lib/api-client';

export const listingQueryKey = (id: number) => ['listings', 'detail', id] as const;

/** GET listings/{id}: a published listing and its opportunities in the curated order. */
export function fetchListing(id: number, signal?: AbortSignal): Promise<PublicListing> {
  return apiRequest(`listings/${id}`, { signal, schema: publicListing });
}

export function useListing(id: number | null) {
  return useQuery({
    queryKey: listingQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchListing(id ?? 0, signal),
    enabled: id !== null,
  });
}
