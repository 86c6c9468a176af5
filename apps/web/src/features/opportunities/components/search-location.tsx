import MyLocation from '@mui/icons-material/MyLocation';
import Place from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';

import { useHydrated } from '../../../lib/use-hydrated';
import { PlaceSearch, placeShortName, useCurrentPosition } from '../../places';
import type { Center } from '../utils/search-params';

export interface ActiveCenter {
  center: Center;
  label: string;
  /** From the candidate's profile rather than the address bar: it cannot be removed. */
  fromProfile: boolean;
}

/**
 * Where distances are measured from: a place the user picks ("near a city"), their device's
 * position, or (for a candidate) the address on their profile.
 */
export function SearchLocation({
  active,
  onChange,
}: {
  active: ActiveCenter | null;
  onChange: (center: Center | null, label: string | null) => void;
}) {
  const { locate, isLocating } = useCurrentPosition();
  // Finding the device needs the page's scripts: a server-rendered page offers it once they run.
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  const locateMe = async () => {
    setError(null);
    try {
      const position = await locate();
      onChange(position, 'My location');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Your location could not be found.');
    }
  };

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          alignItems: { sm: 'flex-start' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PlaceSearch
            id="search-near"
            label="Near a place"
            placeholder="City, town or suburb"
            size="small"
            onSelect={(place) => {
              setError(null);
              onChange(
                { latitude: place.latitude, longitude: place.longitude },
                placeShortName(place),
              );
            }}
          />
        </Box>
        <Button
          variant="outlined"
          onClick={() => void locateMe()}
          disabled={isLocating || !hydrated}
          startIcon={
            isLocating ? <CircularProgress size={16} aria-hidden /> : <MyLocation aria-hidden />
          }
          sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
        >
          {isLocating ? 'Finding you…' : 'Use my location'}
        </Button>
      </Box>
      {active && (
        <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            icon={<Place aria-hidden />}
            color="secondary"
            variant="outlined"
            label={
              active.fromProfile ? `Near ${active.label} (your profile)` : `Near ${active.label}`
            }
          />
          {!active.fromProfile && (
            <Button size="small" onClick={() => onChange(null, null)}>
              Clear place
            </Button>
          )}
        </Box>
      )}
      {error && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
