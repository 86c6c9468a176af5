import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';

import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';
import { AccountCard } from './account-card';

/** Turn e-mail of some notifications on or off; the bell shows them either way. */
export function MailPreferencesCard() {
  const { data, isPending, isError } = useMailPreferences();
  const update = useUpdateMailPreferences();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <AccountCard
      id="mail-preferences"
      title="E-mail notifications"
      description="Choose what we also tell you by e-mail. Your notifications bell shows everything."
    >
      {isPending && <Typography color="text.secondary">Loading...</Typography>}
      {isError && <Typography color="error">Your e-mail choices could not be loaded.</Typography>}
      {data && (
        <Stack>
          {data.preferences.map((p) => (
            <FormControlLabel
              key={p.type}
              label={p.label}
              control={
                <Switch
                  checked={p.email}
                  disabled={update.isPending}
                  onChange={(_event, email) =>
                    update.mutate(
                      { preferences: [{ type: p.type, email }] },
                      {
                        onSuccess: () =>
                          enqueueSnackbar(email ? 'E-mail turned on' : 'E-mail turned off', {
                            variant: 'success',
                          }),
                        onError: () =>
                          enqueueSnackbar('Error: Your choice was not saved', { variant: 'error' }),
                      },
                    )
                  }
                />
              }
            />
          ))}
        </Stack>
      )}
    </AccountCard>
  );
}
