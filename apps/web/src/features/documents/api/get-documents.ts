import { useQuery } from '@tanstack/react-query';

import { documentList, type DocumentItem } from '@pathways/shared/documents/documents.schemas';

import { apiRequest } from '../../../lib/api-client';

export const documentsQueryKey = ['candidate', 'documents'] as const;

export async function fetchDocuments(signal?: AbortSignal): Promise<DocumentItem[]> {
  const { items } = await apiRequest('candidate/documents', { signal, schema: documentList });
  return items;
}

export function useDocuments() {
  return useQuery({
    queryKey: documentsQueryKey,
    queryFn: ({ signal }) => fetchDocuments(signal),
  });
}
