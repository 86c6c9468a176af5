import type {
  DocumentContentType,
  DocumentItem,
} from '@pathways/shared/documents/documents.schemas';

import type { DocumentRow } from './documents.repository.ts';

export const downloadUrlOf = (id: number) => `/api/candidate/documents/${id}`;

export function toDocumentItem(row: DocumentRow): DocumentItem {
  return {
    id: row.id,
    kind: row.kind,
    originalName: row.originalName,
    contentType: row.contentType as DocumentContentType,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
    downloadUrl: downloadUrlOf(row.id),
  };
}
