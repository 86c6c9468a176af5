import { useQuery } from '@tanstack/react-query';

import { documentDownloadList } from '@pathways/shared/applicants/application-view.schemas';

import { apiRequest } from '../../../lib/api-client';

export const documentDownloadsKey = ['account', 'document-downloads'] as const;

/** GET candidate/document_downloads: who downloaded the candidate's documents, newest first. */
export function useDocumentDownloads() {
  return useQuery({
    queryKey: documentDownloadsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('candidate/document_downloads', { signal, schema: documentDownloadList }))
        .items,
  });
}
