import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../components/ui/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';

import {
  authMessages,
  passwordResetBody,
  type PasswordResetBody,
} from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { PasswordField } from '../../components/ui/form-fields';
import { useResetPassword } from '../../features/auth/api/password-reset';
import { accountRoleFromPath } from '../../features/auth/utils/account-role';
import { isApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/forms/server-errors';

export default function PasswordResetPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const role = accountRoleFromPath(location.pathname);
  // An invitation from a colleague opens this page with ?welcome=1: the same link, a welcome.
  const welcome = new URLSearchParams(location.search).has('welcome');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const resetPassword = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<'expired' | 'invalid' | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetBody>({
    // The token comes from the address, the rest from the form: one schema checks all three.
    resolver: zodResolver(passwordResetBody),
    defaultValues: { token, password: '', passwordConfirmation: '' },
  });
  const problem = linkProblem ?? (errors.token ? 'invalid' : null);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await resetPassword.mutateAsync({ role, body });
      const done = welcome ? 'Your password is set. Please log in.' : message;
      enqueueSnackbar(done || 'Your password has been changed. Please log in.', {
        variant: 'success',
      });
      await navigate(paths.login);
    } catch (error) {
      if (isApiError(error) && error.code === 'token_expired') return setLinkProblem('expired');
      if (isApiError(error) && error.code === 'token_invalid') return setLinkProblem('invalid');
      enqueueSnackbar("Your password couldn't be changed.", { variant: 'error' });
      applyServerErrors(error, setError, ['password', 'passwordConfirmation']);
    }
  });

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 460 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
          {welcome ? 'Welcome to Pathways' : 'Choose a new password'}
        </Typography>
        {welcome && !problem && (
          <Typography color="text.secondary">
            Choose a password to finish setting up your account. You then log in with your e-mail
            address and this password.
          </Typography>
        )}
        {problem ? (
          <>
            <Alert severity="warning" sx={{ my: 2 }}>
              {problem === 'expired' ? authMessages.linkExpired : authMessages.linkInvalid}. Please
              ask for a new link.
            </Alert>
            <Button
              component={RouterLink}
              to={`${paths.passwordResetRequest}?role=${role}`}
              variant="contained"
            >
              Send me a new link
            </Button>
          </>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={onSubmit}
            aria-label={welcome ? 'Choose your password' : 'Choose a new password'}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}
          >
            <PasswordField
              label={welcome ? 'Password' : 'New password'}
              autoComplete="new-password"
              registration={register('password')}
              fieldError={errors.password}
              helperText="At least 8 characters."
            />
            <PasswordField
              label={welcome ? 'Confirm password' : 'Confirm new password'}
              autoComplete="new-password"
              registration={register('passwordConfirmation')}
              fieldError={errors.passwordConfirmation}
            />
            <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
              {welcome ? 'Set my password' : 'Change my password'}
            </Button>
            <Link
              component={RouterLink}
              to={paths.login}
              variant="body2"
              sx={{ alignSelf: 'center' }}
            >
              Back to log in
            </Link>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
