import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import { UNSUBSCRIBE_LINK_INVALID } from '@pathways/shared/notifications/notifications.schemas';

import { isApiError } from '../../../lib/api-client';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe';

/**
 * Turning off one type of e-mail from the link in it, signed in or not: the page says which
 * e-mails stop and asks to confirm (opening a link never changes anything by itself).
 */
export function UnsubscribeView({ token }: { token: string }) {
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  if (token === '' || (info.isError && isApiError(info.error) && info.error.status === 404)) {
    return (
      <>
        <Alert severity="error" sx={{ mb: 3 }}>
          {UNSUBSCRIBE_LINK_INVALID}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="outlined">
          Log in
        </Button>
      </>
    );
  }
  if (info.isError) {
    return (
      <Alert severity="error">
        This page could not be loaded. Please check your connection and try again.
      </Alert>
    );
  }
  if (info.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Loading…</Typography>
      </Box>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {unsubscribe.data.message}
      </Alert>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 3 }}>
        This stops {info.data.stops}. Your other e-mails, and the notifications you see when you log
        in, stay as they are.
      </Typography>
      {unsubscribe.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Error: You were not unsubscribed. Please try again.
        </Alert>
      )}
      <Button
        variant="contained"
        loading={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate()}
      >
        Unsubscribe
      </Button>
    </>
  );
}
