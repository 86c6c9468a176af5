import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';

import { documentKind, documentKinds } from '@pathways/shared/documents/documents.schemas';

import { useDocuments } from '../api/get-documents';
import { DocumentKindCard } from './document-kind-card';

/** Every kind of document with its files; `?kind=transcript` points at one kind's upload. */
export function DocumentsView() {
  const { data: documents, isPending, isError, refetch } = useDocuments();
  const [params] = useSearchParams();
  const asked = documentKind.safeParse(params.get('kind'));
  const focusedKind = asked.success ? asked.data : null;

  if (isPending) return <LinearProgress aria-label="Loading your documents" />;
  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        Your documents could not be loaded.
      </Alert>
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
