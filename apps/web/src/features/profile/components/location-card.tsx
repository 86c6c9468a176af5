import MyLocation from '@mui/icons-material/MyLocation';
import Place from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import type { Profile, ProfilePatchInput } from '@pathways/shared/profile/profile.schemas';

import { isAbortError, isApiError } from '../../../lib/api-client';
import { PlaceSearch, useCurrentPosition } from '../../places';
import { useUpdateProfile } from '../api/update-profile';

function describe(location: NonNullable<Profile['location']>): string {
  return (
    location.address ??
    `Your position (${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)})`
  );
}

/**
 * Where the candidate lives, for opportunities near them: a place searched by name, or the
 * phone's position.
 */
export function LocationCard({ profile }: { profile: Profile }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const { locate, isLocating } = useCurrentPosition();
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (location: NonNullable<ProfilePatchInput['location']>) => {
    setProblem(null);
    try {
      await update.mutateAsync({ location });
      enqueueSnackbar('Your location was saved', { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      const messages = isApiError(error) ? Object.values(error.fieldErrors).flat() : [];
      setProblem(
        messages.length > 0
          ? `Your location could not be saved: ${messages.join(' ')}`
          : 'Your location could not be saved. Please try again.',
      );
    }
  };

  const shareMyLocation = async () => {
    setProblem(null);
    try {
      const { latitude, longitude } = await locate();
      await save({ latitude, longitude, address: null });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="location-title">
      <CardContent>
        <Typography id="location-title" component="h2" variant="h6">
          Where you live
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          We use it to show opportunities near you. Organizations see only your area.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }} role="status">
          <Place color={profile.location ? 'primary' : 'disabled'} aria-hidden />
          <Typography sx={{ fontWeight: profile.location ? 600 : 400 }}>
            {profile.location ? describe(profile.location) : 'No location yet'}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { sm: 'flex-start' },
          }}
        >
          <Box sx={{ flex: 1 }}>
            <PlaceSearch
              id="location"
              label={profile.location ? 'Change your area' : 'Your suburb, town or city'}
              helperText="Type at least 3 letters, then pick your area"
              onSelect={(place) =>
                void save({
                  latitude: place.latitude,
                  longitude: place.longitude,
                  address: place.address,
                })
              }
              disabled={update.isPending}
            />
          </Box>
          <Button
            variant="outlined"
            startIcon={<MyLocation />}
            onClick={() => void shareMyLocation()}
            loading={isLocating}
            sx={{ flexShrink: 0, minHeight: 56 }}
          >
            Use my location
          </Button>
        </Box>
        {problem && (
          <Alert severity="warning" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
