import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';

import { documentKind, documentKinds } from '@pathways/shared/documents/documents.schemas';

import { useDocuments } from '../api/get-documents';
import { DocumentKindCard } from './document-kind-card';
import { RetryAlert } from '../../../components/ui/retry-alert';

/** Every kind of document with its files; `?kind=transcript` points at one kind's upload. */
export function DocumentsView() {
  const { data: documents, isPending, isError, refetch } = useDocuments();
  const [params] = useSearchParams();
  const asked = documentKind.safeParse(params.get('kind'));
  const focusedKind = asked.success ? asked.data : null;

  if (isPending) return <LinearProgress aria-label="Loading your documents" />;
  if (isError) {
    return (
      <RetryAlert onRetry={() => void refetch()}>Your documents could not be loaded.</RetryAlert>
    );
  }
  return (
    <Stack spacing={2}>
      {documentKinds.map((kind) => (
        <DocumentKindCard
          key={kind}
          kind={kind}
          documents={documents.filter((document) => document.kind === kind)}
          focused={kind === focusedKind}
        />
      ))}
    </Stack>
  );
}
