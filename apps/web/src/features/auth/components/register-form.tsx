import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { authMessages, registerBody, type RegisterBody } from '@pathways/shared/auth/auth.schemas';

import { FormTextField, PasswordField } from '../../../components/ui/form-fields';
import { isApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';

type RegisterFields = Pick<RegisterBody, 'email' | 'password' | 'passwordConfirmation'>;
const fields = ['email', 'password', 'passwordConfirmation'] as const;

/** E-mail, password and its confirmation; the server's per-field errors show beside them. */
export function RegisterForm({ onSuccess }: { onSuccess?: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const createAccount = useRegister(onSuccess ? { onSuccess } : {});
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFields>({
    resolver: zodResolver(registerBody),
    defaultValues: { email: '', password: '', passwordConfirmation: '' },
  });

  // The form opens in a dialog: its first field takes the focus.
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createAccount.mutateAsync(values);
    } catch (error) {
      // SPEC.md section 8: say the account couldn't be created, and show each field's reason.
      enqueueSnackbar(authMessages.registerFailed, { variant: 'error' });
      if (!isApiError(error)) return;
      let focused = false;
      for (const field of fields) {
        const messages = error.fieldErrors[field];
        if (messages?.length) {
          setError(
            field,
            { type: 'server', message: messages.join(' ') },
            { shouldFocus: !focused },
          );
          focused = true;
        }
      }
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Create your account"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
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
