import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';

import {
  authMessages,
  acceptTermsResponse,
  loginBody,
  registerBody,
  user as userSchema,
  email as emailSchema,
  type LoginBody,
  type RegisterBody,
  type User,
} from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { FormTextField, PasswordField } from '../../../components/ui/form-fields';
import { env } from '../../../config/env';
import { isApiError } from '../../../lib/api-client';
import { signupRequest } from '../api/signup-request';
import { describeLoginFailure } from '../../../lib/session/login-failure';
import { applyServerErrors } from '../../../lib/forms/server-errors';

export interface SignedIn {
  user: User;
  token: string;
}

const formSx = { display: 'flex', flexDirection: 'column', gap: 2 } as const;

/** The existing account's e-mail and password; a failure shows beside the form. */
export function LoginStep({ onLoggedIn }: { onLoggedIn: (signedIn: SignedIn) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data, token } = await signupRequest('auth/login', {
        method: 'POST',
        body: loginBody.parse(values),
        schema: userSchema,
      });
      if (!token) throw new Error('no token');
      onLoggedIn({ user: data, token });
    } catch (error) {
      setFailure(describeLoginFailure(error).message);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Log in" sx={formSx}>
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
      {failure && <Alert severity="error">{failure}</Alert>}
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

type RegisterFields = Pick<RegisterBody, 'email' | 'password' | 'passwordConfirmation'>;
const registerFields = ['email', 'password', 'passwordConfirmation'] as const;

/** E-mail, password and confirmation, checked with the shared schema; on a campaign, its id. */
export function RegisterStep({
  campaignId,
  onRegistered,
}: {
  campaignId: number | null;
  onRegistered: (signedIn: SignedIn & { password: string }) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFields>({
    resolver: zodResolver(registerBody),
    defaultValues: { email: '', password: '', passwordConfirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data, token } = await signupRequest('candidates', {
        method: 'POST',
        body: { ...values, ...(campaignId ? { campaignId } : {}) },
        schema: userSchema,
      });
      if (!token) throw new Error('no token');
      onRegistered({ user: data, token, password: values.password });
    } catch (error) {
      // The account couldn't be created; each field's reason beside it.
      enqueueSnackbar(authMessages.registerFailed, { variant: 'error' });
      applyServerErrors(error, setError, registerFields);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Create your account"
      sx={formSx}
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
        autoComplete="new-password"
        registration={register('password')}
        fieldError={errors.password}
        helperText="At least 8 characters."
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        registration={register('passwordConfirmation')}
        fieldError={errors.passwordConfirmation}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        Create my account
      </Button>
    </Box>
  );
}

const changeEmailForm = z.object({ email: emailSchema });

/** A corrected e-mail address (confirmed again by mail); skipping keeps the first one. */
export function ChangeEmailStep({
  token,
  password,
  onChanged,
  onSkip,
}: {
  token: string;
  password: string;
  onChanged: (email: string) => void;
  onSkip: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: zodResolver(changeEmailForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      // The password was typed a moment ago to create the account: it proves the change. An
      // account made through a social provider has none, and its session is the proof.
      await signupRequest('candidate/candidate', {
        method: 'PATCH',
        token,
        body: { candidate: password ? { email, currentPassword: password } : { email } },
        schema: userSchema,
      });
      onChanged(email);
    } catch (error) {
      const message = isApiError(error) ? error.fieldErrors.email?.join(' ') : undefined;
      if (message) setError('email', { type: 'server', message }, { shouldFocus: true });
      else setFailure('Your e-mail address could not be changed. Please try again, or skip.');
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Change your e-mail"
      sx={formSx}
    >
      <FormTextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        fieldError={errors.email}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onSkip}>Skip</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save my e-mail
        </Button>
      </Box>
    </Box>
  );
}

/** Consent to the privacy policy, which is linked. */
export function ConsentStep({ token, onConsented }: { token: string; onConsented: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(false);
  const agree = async () => {
    setBusy(true);
    setFailure(false);
    try {
      await signupRequest('candidates/accept_terms', {
        method: 'POST',
        token,
        schema: acceptTermsResponse,
      });
      onConsented();
    } catch {
      setFailure(true);
      setBusy(false);
    }
  };
  return (
    <Box sx={formSx}>
      <Typography variant="body2">
        Read the{' '}
        <Link href={env.privacyPolicyUrl} target="_blank" rel="noopener">
          privacy policy (opens in a new tab)
        </Link>
        .
      </Typography>
      {failure && (
        <Alert severity="error">Your consent could not be saved. Please try again.</Alert>
      )}
      <Button variant="contained" size="large" onClick={() => void agree()} loading={busy}>
        I agree
      </Button>
    </Box>
  );
}
