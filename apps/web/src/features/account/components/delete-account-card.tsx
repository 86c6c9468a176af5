import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { currentPasswordField, deleteAccountBody } from '@pathways/shared/auth/auth.schemas';

import { PasswordField } from '../../../components/ui/form-fields';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useHasPassword } from '../../social-auth';
import { useDeleteAccount } from '../api/delete-account';
import { AccountCard } from './account-card';

// An account with a password confirms with it; one made through a social provider has none.
const withPassword = z.object({ currentPassword: currentPasswordField });
type Values = z.input<typeof deleteAccountBody>;

function DeleteAccountDialog({
  hasPassword,
  onClose,
}: {
  hasPassword: boolean;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const deleteAccount = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof deleteAccountBody>>({
    resolver: zodResolver(hasPassword ? withPassword : deleteAccountBody),
    defaultValues: { currentPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await deleteAccount.mutateAsync(hasPassword ? values : {});
      enqueueSnackbar('Your account and everything in it have been deleted.', {
        variant: 'success',
      });
    } catch (error) {
      if (isAbortError(error)) return;
      const messages = isApiError(error) ? error.fieldErrors.currentPassword : undefined;
      if (messages?.length) {
        setError(
          'currentPassword',
          { type: 'server', message: messages.join(' ') },
          { shouldFocus: true },
        );
      } else {
        enqueueSnackbar('Your account could not be deleted. Please try again.', {
          variant: 'error',
        });
      }
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-text"
      maxWidth="xs"
      fullWidth
      // The dialog asks for one thing: once open, its field takes the focus.
      slotProps={{
        transition: { onEntered: () => (hasPassword ? setFocus('currentPassword') : undefined) },
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-account-text" sx={{ mb: 2 }}>
            Your profile, documents and applications are deleted for good. This cannot be undone.
            {hasPassword ? ' Type your password to confirm.' : ''}
          </DialogContentText>
          {hasPassword && (
            <PasswordField
              label="Password"
              autoComplete="current-password"
              registration={register('currentPassword')}
              fieldError={errors.currentPassword}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" loading={isSubmitting}>
            Delete my account
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Deleting the account, behind a dialog that asks for the password where there is one. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const hasPassword = useHasPassword();
  return (
    <AccountCard
      id="delete"
      title="Delete my account"
      description="Remove your account and everything in it from Pathways."
    >
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      {open && <DeleteAccountDialog hasPassword={hasPassword} onClose={() => setOpen(false)} />}
    </AccountCard>
  );
}
