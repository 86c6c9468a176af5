import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import { avatarAccept } from '@pathways/shared/documents/documents.schemas';
import type { ClientOrganization } from '@pathways/shared/organizations/organizations.schemas';

import { FilePickerButton, fileErrorMessage } from '../../documents';
import { useDeleteLogo, useUploadLogo } from '../api/client-organization';
import { OrganizationLogo } from './organization-logo';

/** The logo as candidates see it; primary users upload (JPEG, PNG or WebP) or remove it. */
export function OrganizationLogoCard({ organization }: { organization: ClientOrganization }) {
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = (file: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => enqueueSnackbar('The logo was updated', { variant: 'success' }),
        onError: (failure) => setError(fileErrorMessage(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => enqueueSnackbar('The logo was removed', { variant: 'success' }),
      onError: () =>
        enqueueSnackbar('The logo could not be removed. Please try again.', { variant: 'error' }),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="organization-logo-title">
      <CardContent>
        <Typography id="organization-logo-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          Logo
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box role="img" aria-label={organization.logo ? 'The current logo' : 'No logo yet'}>
            <OrganizationLogo name={organization.name} logo={organization.logo} size={88} />
          </Box>
          {organization.canEdit ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <FilePickerButton
                id="organization-logo"
                variant="outlined"
                startIcon={<PhotoCamera />}
                accept={avatarAccept}
                inputName="logo"
                inputLabel="Logo file"
                onFile={onFile}
                disabled={upload.isPending}
              >
                {organization.logo ? 'Change logo' : 'Upload a logo'}
              </FilePickerButton>
              {organization.logo && (
                <Button color="error" onClick={onRemove} loading={remove.isPending}>
                  Remove logo
                </Button>
              )}
            </Box>
          ) : null}
        </Box>
        {organization.canEdit ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            JPEG, PNG or WebP, up to 10 MB. It is shown at most 400 pixels wide.
          </Typography>
        ) : null}
        {progress !== null && (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label="Uploading the logo"
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
