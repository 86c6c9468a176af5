import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';

import {
  DEFAULT_TIME_ZONE,
  deviceTimeZone,
  timeZoneChoices,
  zoneLabel,
} from '@pathways/shared/common/time-zones';

import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/session/current-user';
import { useHashFocus } from '../../profile';
import { useUpdateTimeZone } from '../api/time-zone';
import { AccountCard } from './account-card';

/**
 * The time zone the user reads interview times in, on screen and in their e-mails: chosen from
 * a searchable list. The device's own zone is offered as a suggestion, never taken silently;
 * someone who chose none reads the default, Africa/Johannesburg.
 */
export function TimeZoneCard() {
  const { data: account, isPending, isError } = useUser();
  const update = useUpdateTimeZone();
  const { enqueueSnackbar } = useSnackbar();
  // "Change your time zone" beside interview times links to #time-zone: the list takes the focus.
  useHashFocus(Boolean(account));
  const current = account?.timeZone ?? DEFAULT_TIME_ZONE;
  const device = useMemo(() => deviceTimeZone(), []);
  const options = useMemo(() => timeZoneChoices(current, device), [current, device]);
  const fieldError =
    update.isError && isApiError(update.error) ? update.error.fieldErrors.timeZone?.[0] : undefined;

  const save = (timeZone: string) =>
    update.mutate(timeZone, {
      onSuccess: () =>
        enqueueSnackbar(`Times are now shown in ${zoneLabel(timeZone)} time`, {
          variant: 'success',
        }),
      onError: (error) => {
        if (!isApiError(error) || error.status !== 422) {
          enqueueSnackbar('Error: Your time zone was not saved', { variant: 'error' });
        }
      },
    });

  return (
    <AccountCard
      id="time-zone"
      title="Time zone"
      description="Interview times are shown in this time zone, here and in the e-mails we send you."
    >
      {isPending && <Typography color="text.secondary">Loading...</Typography>}
      {isError && <Typography color="error">Your time zone could not be loaded.</Typography>}
      {account && (
        <Stack spacing={1.5} sx={{ maxWidth: 480 }}>
          <Autocomplete<string, false, true>
            id="time-zone-choice"
            options={options}
            value={current}
            disableClearable
            disabled={update.isPending}
            getOptionLabel={zoneLabel}
            onChange={(_event, value) => {
              if (value !== current) save(value);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                error={Boolean(fieldError)}
                helperText={
                  fieldError ??
                  (account.timeZone === null
                    ? `You have not chosen one, so times are in ${zoneLabel(DEFAULT_TIME_ZONE)} time. Type a city to search.`
                    : 'Type a city to search.')
                }
              />
            )}
          />
          {device !== current && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Typography variant="body2" color="text.secondary">
                This device is set to {zoneLabel(device)}.
              </Typography>
              <Button
                size="small"
                variant="outlined"
                disabled={update.isPending}
                onClick={() => save(device)}
                sx={{ alignSelf: 'flex-start' }}
              >
                Use {zoneLabel(device)}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </AccountCard>
  );
}
