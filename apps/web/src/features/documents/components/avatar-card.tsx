import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import { AVATAR_ANCHOR } from '@pathways/shared/navigation/profile-links';
import { avatarAccept } from '@pathways/shared/documents/documents.schemas';

import { useUser } from '../../auth';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { fileErrorMessage } from '../utils/api-error';
import { FilePickerButton } from './file-picker-button';

function initials(first: string | null | undefined, last: string | null | undefined) {
  return (
    [first, last]
      .map((name) => name?.trim()[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** The profile picture: shown, uploaded (JPEG, PNG or WebP) or removed. */
export function AvatarCard() {
  const { data: user } = useUser();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = (file: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () =>
          enqueueSnackbar('Your profile picture was updated', { variant: 'success' }),
        onError: (failure) => setError(fileErrorMessage(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => enqueueSnackbar('Your profile picture was removed', { variant: 'success' }),
      onError: () =>
        enqueueSnackbar('Your profile picture could not be removed. Please try again.', {
          variant: 'error',
        }),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="avatar-title">
      <CardContent>
        <Typography id="avatar-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          Profile picture
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar
            src={user?.avatar ?? undefined}
            alt={user?.avatar ? 'Your profile picture' : ''}
            sx={{ width: 72, height: 72, bgcolor: 'secondary.main', fontSize: '1.5rem' }}
          >
            {initials(user?.firstName, user?.lastName)}
          </Avatar>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <FilePickerButton
              id={AVATAR_ANCHOR}
              variant="outlined"
              startIcon={<PhotoCamera />}
              accept={avatarAccept}
              inputName="avatar"
              inputLabel="Profile picture file"
              onFile={onFile}
              disabled={upload.isPending}
            >
              {user?.avatar ? 'Change picture' : 'Upload a picture'}
            </FilePickerButton>
            {user?.avatar && (
              <Button color="error" onClick={onRemove} loading={remove.isPending}>
                Remove
              </Button>
            )}
          </Box>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          A clear photo of your face. JPEG, PNG or WebP, up to 10 MB.
        </Typography>
        {progress !== null && (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label="Uploading your picture"
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
