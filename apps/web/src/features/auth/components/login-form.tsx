import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';

import { loginBody, type LoginBody } from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { FormTextField, PasswordField } from '../../../components/ui/form-fields';
import { supportChatMessages, useSupportChat } from '../../support-chat';
import { useLogin } from '../api/login';
import { describeLoginFailure } from '../../../lib/session/login-failure';
import { applyServerErrors } from '../../../lib/forms/server-errors';

/** E-mail and password; after login a client goes to its workspaces, others to the dashboard. */
export default function LoginForm({
  onSuccess,
  returnTo,
  focusFirstField = false,
}: {
  onSuccess?: () => void;
  /** The page to go back to after login, instead of the landing page. */
  returnTo?: string | undefined;
  /** In the drop-down the e-mail field takes the focus as the panel opens. */
  focusFirstField?: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const supportChat = useSupportChat();
  const login = useLogin({
    ...(onSuccess ? { onSuccess } : {}),
    ...(returnTo ? { returnTo } : {}),
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (focusFirstField) setFocus('email');
  }, [focusFirstField, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch (error) {
      const failure = describeLoginFailure(error);
      enqueueSnackbar(failure.message, {
        variant: 'error',
        ...(failure.blocked
          ? {
              action: () => (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => supportChat.open(supportChatMessages.blocked)}
                >
                  Contact support
                </Button>
              ),
            }
          : {}),
      });
      // The snackbar says what went wrong; a field the server names shows its message too.
      applyServerErrors(error, setError, ['email', 'password']);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Log in"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <FormTextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        fieldError={errors.email}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        registration={register('password')}
        fieldError={errors.password}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        Log in
      </Button>
      <Link
        component={RouterLink}
        to={paths.passwordResetRequest}
        variant="body2"
        sx={{ alignSelf: 'center' }}
      >
        Forgot your password?
      </Link>
    </Box>
  );
}
