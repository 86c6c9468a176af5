import { useMutation } from '@tanstack/react-query';

import type { DocumentItem } from '@pathways/shared/documents/documents.schemas';

import { downloadAttachment } from '../utils/attachment';

/** GET candidate/documents/{id}: the file as an attachment, fetched with the bearer token. */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: (document: Pick<DocumentItem, 'downloadUrl' | 'originalName'>) =>
      downloadAttachment(document.downloadUrl, document.originalName),
  });
}
