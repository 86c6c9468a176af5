import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  documentItem,
  documentMessages,
  MAX_UPLOAD_BYTES,
  type DocumentItem,
  type DocumentKind,
} from '@pathways/shared/documents/documents.schemas';

import { ApiError } from '../../../lib/api-client';
import { uploadRequest } from '../utils/upload-request';
import { invalidateDocuments } from './invalidate-documents';

export interface UploadDocumentInput {
  kind: DocumentKind;
  file: File;
  onProgress?: (fraction: number) => void;
}

export function uploadDocument({ kind, file, onProgress }: UploadDocumentInput) {
  // A file the server would refuse for its size is not sent: mobile data costs money.
  if (file.size > MAX_UPLOAD_BYTES) {
    return Promise.reject(
      new ApiError(413, {
        code: 'payload_too_large',
        message: documentMessages.fileTooLarge,
        errors: { file: [documentMessages.fileTooLarge] },
      }),
    );
  }
  const form = new FormData();
  // The kind goes first: the server reads the fields before the file.
  form.append('kind', kind);
  form.append('file', file, file.name);
  return uploadRequest<DocumentItem>('candidate/documents', {
    form,
    schema: documentItem,
    ...(onProgress ? { onProgress } : {}),
  });
}

/** Uploads a document of a kind; a single-file kind's previous file is replaced. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => invalidateDocuments(queryClient),
  });
}
