import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Place from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import type {
  ClientOrganization,
  OrganizationLocation,
} from '@pathways/shared/organizations/organizations.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { isApiError } from '../../../lib/api-client';
import { PlaceSearch, placeShortName, type Place as PlaceItem } from '../../places';
import { useAddLocation, useRemoveLocation } from '../api/client-organization';

const describe = (location: OrganizationLocation) => location.name ?? location.address;

/** What the server said about a refused location, in one sentence. */
function locationErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const messages = Object.entries(error.fieldErrors).flatMap(([field, list]) =>
      list.map((message) => `${field.replace(/^./, (c) => c.toUpperCase())} ${message}`),
    );
    if (messages.length > 0) return `${messages.join('. ')}.`;
    if (error.status < 500 && error.message) return error.message;
  }
  return 'The location could not be added. Please try again.';
}

/** The organization's places: primary users add one found by place search, or remove one. */
export function OrganizationLocationsCard({ organization }: { organization: ClientOrganization }) {
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddLocation();
  const remove = useRemoveLocation();
  const [place, setPlace] = useState<PlaceItem | null>(null);
  const [name, setName] = useState('');
  // A new key empties the place search after an addition.
  const [searchKey, setSearchKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<OrganizationLocation | null>(null);

  const onAdd = () => {
    if (!place) return;
    setError(null);
    add.mutate(
      {
        address: place.address,
        name: name.trim() || null,
        city: placeShortName(place),
        country: place.country,
        latitude: place.latitude,
        longitude: place.longitude,
      },
      {
        onSuccess: () => {
          setPlace(null);
          setName('');
          setSearchKey((key) => key + 1);
          enqueueSnackbar('The location was added', { variant: 'success' });
        },
        onError: (failure) => setError(locationErrorMessage(failure)),
      },
    );
  };

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => enqueueSnackbar('The location was removed', { variant: 'success' }),
      onError: () =>
        enqueueSnackbar('The location could not be removed. Please try again.', {
          variant: 'error',
        }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="organization-locations-title">
      <CardContent>
        <Typography id="organization-locations-title" component="h2" variant="h6">
          Locations
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Where the organization works. Candidates see these on its page.
        </Typography>
        {organization.locations.length === 0 ? (
          <Typography sx={{ my: 2 }}>No locations yet.</Typography>
        ) : (
          <List aria-label="Locations of the organization">
            {organization.locations.map((location) => (
              <ListItem
                key={location.id}
                disableGutters
                secondaryAction={
                  organization.canEdit ? (
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${describe(location)}`}
                      onClick={() => setRemoving(location)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  ) : null
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Place color="action" aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={location.name ?? location.address}
                  secondary={location.name ? location.address : null}
                />
              </ListItem>
            ))}
          </List>
        )}
        {organization.canEdit ? (
          <Box
            component="form"
            noValidate
            aria-label="Add a location"
            onSubmit={(event) => {
              event.preventDefault();
              onAdd();
            }}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { md: '2fr 1fr auto' },
              alignItems: 'start',
              mt: 1,
            }}
          >
            <PlaceSearch
              key={searchKey}
              id="organization-location-place"
              label="Place"
              placeholder="Type a town, suburb or city"
              onSelect={setPlace}
            />
            <TextField
              id="organization-location-name"
              label="Name (optional)"
              placeholder="Head office"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={!place}
              loading={add.isPending}
              sx={{ height: 56 }}
            >
              Add location
            </Button>
          </Box>
        ) : null}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={removing !== null}
        title="Remove this location?"
        text={
          removing ? `${describe(removing)} will no longer show on the organization's page.` : ''
        }
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={onRemove}
      />
    </Card>
  );
}
