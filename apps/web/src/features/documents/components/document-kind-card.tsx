import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect, useRef, useState } from 'react';

import {
  documentAccept,
  documentKindLabels,
  isSingleFileKind,
  type DocumentItem,
  type DocumentKind,
} from '@pathways/shared/documents/documents.schemas';

import { isAbortError } from '../../../lib/api-client';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';
import { useUploadDocument } from '../api/upload-document';
import { fileErrorMessage } from '../utils/api-error';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { DocumentRow } from './document-row';
import { FilePickerButton } from './file-picker-button';

const hints: Record<DocumentKind, string> = {
  identity_document: 'Your ID document, ID card (both sides) or passport.',
  transcript: 'Your latest academic record from your university or college.',
  high_school_certificate: 'Your National Senior Certificate (matric) or equivalent.',
  proof_of_registration: 'A letter or statement showing you are registered for this year.',
  other: 'Anything else organizations ask for, such as a CV or reference letters.',
};

/** One kind of document: what it is, its files, and uploading (or replacing) one. */
export function DocumentKindCard({
  kind,
  documents,
  focused,
}: {
  kind: DocumentKind;
  documents: DocumentItem[];
  /** Asked for by the to-do list (?kind=): the card scrolls into view and its button takes focus. */
  focused: boolean;
}) {
  const label = documentKindLabels[kind];
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const download = useDownloadDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const headingId = `documents-${kind}-title`;

  useEffect(() => {
    if (!focused) return;
    const timer = setTimeout(() => {
      button.current?.scrollIntoView({ block: 'center' });
      button.current?.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, [focused]);

  const onFile = (file: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(
      { kind, file, onProgress: setProgress },
      {
        onSuccess: (saved) =>
          enqueueSnackbar(`${label} uploaded: ${saved.originalName}`, {
            variant: 'success',
          }),
        onError: (failure) => {
          if (!isAbortError(failure)) setError(fileErrorMessage(failure));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const onDownload = (document: DocumentItem) =>
    download.mutate(document, {
      onError: () =>
        enqueueSnackbar(`${document.originalName} could not be downloaded. Please try again.`, {
          variant: 'error',
        }),
    });

  const onConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(`${deleting.originalName} was deleted`, { variant: 'success' });
        setDeleting(null);
      },
      onError: () => {
        enqueueSnackbar(`${deleting.originalName} could not be deleted. Please try again.`, {
          variant: 'error',
        });
        setDeleting(null);
      },
    });
  };

  const replaces = isSingleFileKind(kind) && documents.length > 0;
  return (
    <Card
      variant="outlined"
      component="section"
      id={`document-${kind}`}
      aria-labelledby={headingId}
      sx={focused ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
    >
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hints[kind]}
        </Typography>
        {documents.length > 0 ? (
          <List dense aria-labelledby={headingId}>
            {documents.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                downloading={
                  download.isPending && download.variables?.downloadUrl === document.downloadUrl
                }
                onDownload={() => onDownload(document)}
                onDelete={() => setDeleting(document)}
              />
            ))}
          </List>
        ) : (
          <Typography variant="body2" sx={{ my: 1.5 }}>
            Nothing uploaded yet.
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <FilePickerButton
            ref={button}
            variant={documents.length > 0 ? 'outlined' : 'contained'}
            startIcon={<UploadFile />}
            accept={documentAccept}
            inputName={kind}
            inputLabel={`${label} file`}
            onFile={onFile}
            disabled={upload.isPending}
          >
            {kind === 'other'
              ? documents.length > 0
                ? 'Add another document'
                : 'Upload a document'
              : replaces
                ? `Replace ${label.toLowerCase()}`
                : `Upload ${label.toLowerCase()}`}
          </FilePickerButton>
          <Typography variant="caption" color="text.secondary">
            PDF, JPEG or PNG, up to 10 MB
          </Typography>
        </Box>
        {progress !== null && (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={`Uploading ${label.toLowerCase()}`}
            />
            <Typography variant="caption">Uploading… {Math.round(progress * 100)}%</Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={`Delete ${deleting?.originalName ?? 'this file'}?`}
        text={`The file is removed from your ${label.toLowerCase()} for good. Organizations you apply to will no longer see it.`}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
      />
    </Card>
  );
}
