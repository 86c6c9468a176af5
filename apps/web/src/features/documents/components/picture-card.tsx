import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { avatarAccept } from '@pathways/shared/documents/documents.schemas';

import { useSnackbar } from '../../../components/ui/snackbar';
import { fileErrorMessage } from '../utils/api-error';
import { FilePickerButton } from './file-picker-button';

export interface PictureCardProps {
  /** The id of the card's heading (the card is labelled by it). */
  titleId: string;
  title: string;
  /** The picture as it is shown now (or the initials in its place). */
  picture: ReactNode;
  hasPicture: boolean;
  /** Whether the viewer may change the picture; others see it alone. */
  canEdit?: boolean;
  /** The file picker: its id (a link may lead to it), its input's name and label. */
  picker: { id: string; inputName: string; inputLabel: string };
  /** The words of the card: buttons, the hint under them, the progress bar and the outcomes. */
  words: {
    upload: string;
    change: string;
    remove: string;
    hint: string;
    uploading: string;
    updated: string;
    removed: string;
    notRemoved: string;
  };
  upload: UseMutationResult<
    unknown,
    Error,
    { file: File; onProgress?: (fraction: number) => void },
    unknown
  >;
  remove: UseMutationResult<unknown, Error, void, unknown>;
}

/**
 * A picture that is shown, uploaded (JPEG, PNG or WebP, with progress) or removed: a
 * candidate's profile picture, an organization's logo.
 */
export function PictureCard(props: PictureCardProps) {
  const { titleId, title, picture, hasPicture, canEdit = true, picker, words } = props;
  const { upload, remove } = props;
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = (file: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => enqueueSnackbar(words.updated, { variant: 'success' }),
        onError: (failure) => setError(fileErrorMessage(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(words.removed, { variant: 'success' }),
      onError: () => enqueueSnackbar(words.notRemoved, { variant: 'error' }),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {picture}
          {canEdit ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <FilePickerButton
                id={picker.id}
                variant="outlined"
                startIcon={<PhotoCamera />}
                accept={avatarAccept}
                inputName={picker.inputName}
                inputLabel={picker.inputLabel}
                onFile={onFile}
                disabled={upload.isPending}
              >
                {hasPicture ? words.change : words.upload}
              </FilePickerButton>
              {hasPicture && (
                <Button color="error" onClick={onRemove} loading={remove.isPending}>
                  {words.remove}
                </Button>
              )}
            </Box>
          ) : null}
        </Box>
        {canEdit ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {words.hint}
          </Typography>
        ) : null}
        {progress !== null && (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={words.uploading}
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
    </Card>
  );
}
