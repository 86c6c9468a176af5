import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

// The place search loads on its own, and only where the top bar has room for it (not on
// phones), so the signed-in shell stays small.
const places = () => import('../../places');
const PlaceSearch = lazy(() => places().then((m) => ({ default: m.PlaceSearch })));

const label = 'Search opportunities near a place';

function Placeholder() {
  return (
    <TextField
      size="small"
      disabled
      placeholder="Search near a place"
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The candidate's location search in the top bar: a place picked from the matches opens
 * the opportunity search around it (/opportunities?center=latitude,longitude).
 */
export function LocationSearchSlot() {
  const theme = useTheme();
  const smUp = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const navigate = useNavigate();
  if (!smUp) return null;
  return (
    <Box sx={{ flex: 1, maxWidth: 400, mx: 2 }}>
      <Suspense fallback={<Placeholder />}>
        <PlaceSearch
          id="top-bar-place-search"
          size="small"
          placeholder="Search near a place"
          slotProps={{ htmlInput: { 'aria-label': label } }}
          onSelect={(place) =>
            void places().then(({ placeShortName }) =>
              navigate(paths.opportunitiesNear(place, placeShortName(place))),
            )
          }
        />
      </Suspense>
    </Box>
  );
}
