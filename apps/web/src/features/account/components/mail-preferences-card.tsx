import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';

import {
  useMailPreferences,
  useUpdateMailPreferences,
  type MailRole,
} from '../api/mail-preferences';
import { AccountCard } from './account-card';

/**
 * Turn each type of e-mail about applications on or off; the bell shows everything either way.
 * Address confirmation and password reset e-mails are always sent.
 */
export function MailPreferencesCard({ side = 'candidate' }: { side?: MailRole }) {
  const { data, isPending, isError } = useMailPreferences(side);
  const update = useUpdateMailPreferences(side);
  const { enqueueSnackbar } = useSnackbar();
  return (
    <AccountCard
      id="mail-preferences"
      title="E-mail notifications"
      description={
        side === 'candidate'
          ? 'Choose what we also tell you by e-mail. Your notifications bell shows everything.'
          : 'Choose what we tell you by e-mail.'
      }
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
