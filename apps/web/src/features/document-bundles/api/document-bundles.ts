import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  documentBundleList,
  documentBundleQueued,
  type NewDocumentBundle,
} from '@pathways/shared/document-bundles/document-bundles.schemas';

import { apiRequest } from '../../../lib/api-client';

/** Every query of the user's document bundles, under one prefix so a new request refreshes them. */
export const documentBundleKeys = {
  all: ['client', 'document_bundles'] as const,
  list: () => [...documentBundleKeys.all, 'list'] as const,
};

/** GET client/document_bundles: the user's recent bundles, newest first, with their status. */
export function useDocumentBundles(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: documentBundleKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('client/document_bundles', { signal, schema: documentBundleList }),
    enabled: options.enabled ?? true,
  });
}

/** POST client/document_bundles: queues the zip; its link arrives by e-mail. */
export function useRequestDocumentBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bundle: NewDocumentBundle) =>
      apiRequest('client/document_bundles', {
        method: 'POST',
        body: { bundle },
        schema: documentBundleQueued,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentBundleKeys.all }),
  });
}
