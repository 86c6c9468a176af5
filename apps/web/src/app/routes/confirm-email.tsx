import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { authMessages } from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { useConfirmEmail, useResendConfirmation } from '../../features/auth/api/confirm-email';
import { accountRoleFromPath } from '../../features/auth/utils/account-role';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session/use-session';

function ExpiredLink({ role, token }: { role: 'candidate' | 'client'; token: string }) {
  const resend = useResendConfirmation(role);
  if (resend.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {resend.data.message || 'We have sent you a new link. Please check your e-mail.'}
      </Alert>
    );
  }
  return (
    <>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {authMessages.linkExpired}: confirmation links work for one day. We can send you a new one.
      </Alert>
      {resend.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          The new link couldn't be sent. Please try again.
        </Alert>
      )}
      <Button variant="contained" loading={resend.isPending} onClick={() => resend.mutate(token)}>
        Resend
      </Button>
    </>
  );
}

/** /{role}/confirm_email/{token}: confirms on arrival; an expired link offers a new one. */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const role = accountRoleFromPath(useLocation().pathname);
  const { viewer } = useSession();
  const confirmation = useConfirmEmail(role, token);
  const errorCode = isApiError(confirmation.error) ? confirmation.error.code : null;

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 480 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 3 }}>
          Confirm your e-mail address
        </Typography>
        {confirmation.isPending && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden="true" />
            <Typography>Confirming your e-mail address…</Typography>
          </Box>
        )}
        {confirmation.isSuccess && (
          <>
            {'confirmed' in confirmation.data ? (
              // A link already used says no more than this: it names no one.
              <Alert severity="success" role="status" sx={{ mb: 3 }}>
                {confirmation.data.message}
              </Alert>
            ) : (
              <Alert
                severity="success"
                role="status"
                // A long address wraps instead of making the message scroll sideways on a phone.
                sx={{ mb: 3, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
              >
                Thank you. Your e-mail address {confirmation.data.email} is confirmed.
              </Alert>
            )}
            <Button
              component={RouterLink}
              to={viewer ? landingPath(viewer) : paths.login}
              variant="contained"
            >
              {viewer ? 'Continue' : 'Log in'}
            </Button>
          </>
        )}
        {confirmation.isError &&
          (errorCode === 'token_expired' ? (
            <ExpiredLink role={role} token={token} />
          ) : (
            <>
              <Alert severity="error" sx={{ mb: 3 }}>
                {errorCode === 'token_invalid'
                  ? `${authMessages.linkInvalid}. It may have been used already.`
                  : "Your e-mail address couldn't be confirmed. Please try again later."}
              </Alert>
              <Button
                component={RouterLink}
                to={viewer ? landingPath(viewer) : paths.home}
                variant="outlined"
              >
                {viewer ? 'Go to my dashboard' : 'Go to the home page'}
              </Button>
            </>
          ))}
      </Paper>
    </Box>
  );
}
