import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  documentBundleContents,
  documentBundleList,
  documentBundleQueued,
  type NewDocumentBundle,
} from '@pathways/shared/document-bundles/document-bundles.schemas';

import { apiRequest } from '../../../lib/api-client';

/** Every query of the user's document bundles, under one prefix so a new request refreshes them. */
export const documentBundleKeys = {
  all: ['client', 'document_bundles'] as const,
  list: () => [...documentBundleKeys.all, 'list'] as const,
  contents: (bundle: NewDocumentBundle) => [...documentBundleKeys.all, 'contents', bundle] as const,
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

/**
 * POST client/document_bundles/contents: what a bundle of these applicants and kinds would
 * hold, each applicant with how many of their documents (none asked for without a kind).
 */
export function useDocumentBundleContents(bundle: NewDocumentBundle) {
  return useQuery({
    queryKey: documentBundleKeys.contents(bundle),
    queryFn: ({ signal }) =>
      apiRequest('client/document_bundles/contents', {
        method: 'POST',
        body: { bundle },
        signal,
        schema: documentBundleContents,
      }),
    enabled: bundle.applicationIds.length > 0 && bundle.documentKinds.length > 0,
  });
}
