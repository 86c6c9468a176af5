import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useSnackbar } from '../../../components/ui/snackbar';

import type { User } from '@pathways/shared/auth/auth.schemas';
import { emailConfirmationState } from '@pathways/shared/auth/email-confirmation';

import { formatDisplayDate } from '../../../lib/dates';
import { useSendEmailConfirmation } from '../api/send-email-confirmation';

// Long addresses wrap instead of running under the button on a phone.
const bannerSx = {
  borderRadius: 0,
  alignItems: 'center',
  '& strong': { overflowWrap: 'anywhere' },
} as const;

/**
 * A user with confirmationSentAt and no confirmedAt is asked to confirm;
 * after a day the link has expired and the banner asks to resend it.
 */
export function EmailConfirmationBanner({ user, now = new Date() }: { user: User; now?: Date }) {
  const { enqueueSnackbar } = useSnackbar();
  const resend = useSendEmailConfirmation({
    onSent: (message) => enqueueSnackbar(message, { variant: 'success' }),
  });
  const state = emailConfirmationState(user, now);
  if (state.kind !== 'pending' && state.kind !== 'expired') return null;

  const address = user.unconfirmedEmail ?? user.email;
  const action = (
    <Button
      color="inherit"
      size="small"
      variant="outlined"
      loading={resend.isPending}
      loadingPosition="start"
      onClick={() =>
        resend.mutate(undefined, {
          onError: () =>
            enqueueSnackbar("The e-mail couldn't be sent. Please try again.", { variant: 'error' }),
        })
      }
      sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
    >
      {resend.isPending ? 'Sending' : 'Resend'}
    </Button>
  );

  return state.kind === 'pending' ? (
    <Alert severity="info" action={action} sx={bannerSx}>
      Please confirm your e-mail address <strong>{address}</strong> with the link we sent you. It
      works until {formatDisplayDate(state.expiresAt)}.
    </Alert>
  ) : (
    <Alert severity="warning" action={action} sx={bannerSx}>
      The link to confirm <strong>{address}</strong> expired on {formatDisplayDate(state.expiredAt)}
      . Please resend it to confirm your e-mail address.
    </Alert>
  );
}
