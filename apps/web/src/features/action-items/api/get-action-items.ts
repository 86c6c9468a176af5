import { useQuery } from '@tanstack/react-query';

import {
  actionItemsResponse,
  type ActionItem,
} from '@pathways/shared/action-items/action-items.schemas';

import { apiRequest } from '../../../lib/api-client';

export const actionItemsQueryKey = ['candidate', 'action-items'] as const;

export async function fetchActionItems(signal?: AbortSignal): Promise<ActionItem[]> {
  const { items } = await apiRequest('candidate/action_items', {
    signal,
    schema: actionItemsResponse,
  });
  return items;
}

/** The candidate's to-do list, most urgent first. */
export function useActionItems() {
  return useQuery({
    queryKey: actionItemsQueryKey,
    queryFn: ({ signal }) => fetchActionItems(signal),
  });
}
