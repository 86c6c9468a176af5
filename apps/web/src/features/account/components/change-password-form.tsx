import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { changePasswordBody } from '@pathways/shared/auth/auth.schemas';

import { PasswordField } from '../../../components/ui/form-fields';
import { isAbortError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useChangePassword } from '../api/change-password';
import { AccountCard } from './account-card';

type Values = z.input<typeof changePasswordBody>;
const fields = ['currentPassword', 'password', 'passwordConfirmation'] as const;

/** Current password, new password, and the new one again. */
export function ChangePasswordForm() {
  const { enqueueSnackbar } = useSnackbar();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof changePasswordBody>>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await changePassword.mutateAsync(values);
      enqueueSnackbar(message, { variant: 'success' });
      reset();
    } catch (error) {
      if (isAbortError(error)) return;
      applyServerErrors(error, setError, fields);
      enqueueSnackbar('Your password could not be changed', { variant: 'error' });
    }
  });

  return (
    <AccountCard
      id="password"
      title="Password"
      description="Changing it logs you out on your other devices."
    >
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Change password"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          fieldError={errors.currentPassword}
          sx={{ gridColumn: '1 / -1' }}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          registration={register('password')}
          fieldError={errors.password}
          helperText="At least 8 characters."
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          registration={register('passwordConfirmation')}
          fieldError={errors.passwordConfirmation}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Change password
          </Button>
        </Box>
      </Box>
    </AccountCard>
  );
}
