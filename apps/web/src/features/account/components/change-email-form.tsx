import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { currentPasswordField, email } from '@pathways/shared/auth/auth.schemas';

import { FormTextField, PasswordField } from '../../../components/ui/form-fields';
import { isAbortError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useUser } from '../../../lib/session/current-user';
import { useHasPassword } from '../../social-auth';
import { useUpdateEmail } from '../api/update-email';
import { AccountCard } from './account-card';

// The shared rules of the e-mail and of the current password; an account made through a social
// provider has no password, and its session proves the change.
const changeEmailForm = z.object({ email, currentPassword: currentPasswordField });
const changeEmailWithoutPassword = z.object({ email, currentPassword: z.string() });
type Values = z.input<typeof changeEmailForm>;
const fields = ['email', 'currentPassword'] as const;

/** A new e-mail address: asks for the password, and says the new address must be confirmed. */
export function ChangeEmailForm() {
  const { data: user } = useUser();
  const { enqueueSnackbar } = useSnackbar();
  const updateEmail = useUpdateEmail();
  const [sent, setSent] = useState<string | null>(null);
  const hasPassword = useHasPassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof changeEmailForm>>({
    resolver: zodResolver(hasPassword ? changeEmailForm : changeEmailWithoutPassword),
    defaultValues: { email: '', currentPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSent(null);
    try {
      const { message } = await updateEmail.mutateAsync(
        hasPassword ? values : { email: values.email },
      );
      const text =
        message ??
        'Check your new inbox: the change takes effect once you confirm the new address.';
      setSent(text);
      enqueueSnackbar(text, { variant: 'success' });
      reset();
    } catch (error) {
      if (isAbortError(error)) return;
      applyServerErrors(error, setError, fields);
      enqueueSnackbar('Your e-mail address could not be changed', { variant: 'error' });
    }
  });

  const pending = user?.unconfirmedEmail;
  return (
    <AccountCard
      id="email"
      title="E-mail address"
      description={
        <>
          You log in with <strong>{user?.email ?? '…'}</strong>
          {user && !user.confirmedAt ? ' (not confirmed yet)' : ''}. A new address must be confirmed
          from the e-mail we send to it before it takes effect.
        </>
      }
    >
      {pending && !sent && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Typography variant="body2">
            Waiting for you to confirm <strong>{pending}</strong>: open the link we e-mailed there.
          </Typography>
        </Alert>
      )}
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {sent}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Change e-mail address"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <FormTextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          registration={register('email')}
          fieldError={errors.email}
        />
        {hasPassword && (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            registration={register('currentPassword')}
            fieldError={errors.currentPassword}
          />
        )}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Change e-mail address
          </Button>
        </Box>
      </Box>
    </AccountCard>
  );
}
