import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import type {
  WorkspaceLocation,
  WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { PlaceSearch, placeShortName } from '../../places';
import { useAddLocation, useDeleteLocation, useUpdateLocation } from '../api/workspaces';

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error)
    ? (Object.values(error.fieldErrors)[0]?.[0] ?? error.message ?? fallback)
    : fallback;

function EditPlaceDialog({
  opportunityId,
  location,
  onClose,
}: {
  opportunityId: number;
  location: WorkspaceLocation;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateLocation(opportunityId);
  const [address, setAddress] = useState(location.address);
  const [city, setCity] = useState(location.city ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ locId: location.id, location: { address, city } });
      enqueueSnackbar('The place was changed', { variant: 'success' });
      onClose();
    } catch (e) {
      if (isAbortError(e)) return;
      setError(messageOf(e, 'The place could not be changed'));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-place-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="edit-place-title">Change the place</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              id="edit-place-address"
              label="Address"
              required
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              error={Boolean(error)}
              helperText={error ?? 'The coordinates stay as they are'}
            />
            <TextField
              id="edit-place-city"
              label="City"
              value={city}
              onChange={(e) => setCity(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save place
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Where the opportunity is offered: places picked with the place search. */
export function PlacesTab({ opportunity }: { opportunity: WorkspaceOpportunity }) {
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddLocation(opportunity.id);
  const remove = useDeleteLocation(opportunity.id);
  const [searchKey, setSearchKey] = useState(0);
  const [editing, setEditing] = useState<WorkspaceLocation | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceLocation | null>(null);

  const addPlace = async (place: Parameters<Parameters<typeof PlaceSearch>[0]['onSelect']>[0]) => {
    try {
      await add.mutateAsync({
        address: place.address,
        city: placeShortName(place),
        country: place.country,
        latitude: place.latitude,
        longitude: place.longitude,
        locationId: place.id,
      });
      setSearchKey((k) => k + 1);
      enqueueSnackbar(`${placeShortName(place)} was added`, { variant: 'success' });
    } catch (e) {
      if (isAbortError(e)) return;
      enqueueSnackbar(messageOf(e, 'The place could not be added'), { variant: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar('The place was deleted', { variant: 'success' });
    } catch (e) {
      if (!isAbortError(e)) {
        enqueueSnackbar(messageOf(e, 'The place could not be deleted'), { variant: 'error' });
      }
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack spacing={3}>
      <Box sx={{ maxWidth: 480 }}>
        <PlaceSearch
          key={searchKey}
          id="add-place"
          label="Add a place"
          placeholder="Type a town or suburb"
          helperText="Candidates see how far each place is from them"
          onSelect={(place) => void addPlace(place)}
          disabled={add.isPending}
        />
      </Box>
      {opportunity.locations.length === 0 ? (
        <Typography color="text.secondary">
          No places yet. Add where the work or studies take place.
        </Typography>
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          aria-label="Places"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {opportunity.locations.map((location) => (
            <Box
              component="li"
              key={location.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 2,
                py: 1.5,
                '& + &': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Place color="action" aria-hidden />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{location.address}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {[location.city, location.country].filter(Boolean).join(', ')}
                </Typography>
              </Box>
              {location.inUse && <Chip size="small" label="Chosen by applicants" />}
              <IconButton
                aria-label={`Change ${location.address}`}
                onClick={() => setEditing(location)}
              >
                <Edit />
              </IconButton>
              <IconButton
                aria-label={`Delete ${location.address}`}
                onClick={() => setDeleting(location)}
              >
                <Delete />
              </IconButton>
            </Box>
          ))}
        </Paper>
      )}
      {editing && (
        <EditPlaceDialog
          opportunityId={opportunity.id}
          location={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete this place?"
        text={
          deleting?.inUse
            ? 'Applicants chose this place, so it cannot be deleted; change its address instead.'
            : `${deleting?.address ?? ''} will no longer be offered.`
        }
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
