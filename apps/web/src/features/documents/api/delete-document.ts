import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { invalidateDocuments } from './invalidate-documents';

export function deleteDocument(id: number): Promise<void> {
  return apiRequest(`candidate/documents/${id}`, { method: 'DELETE' });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => invalidateDocuments(queryClient),
  });
}
