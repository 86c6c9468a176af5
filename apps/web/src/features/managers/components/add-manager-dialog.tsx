import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { newClient } from '@pathways/shared/managers/managers.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { isApiError } from '../../../lib/api-client';
import { placeServerErrors } from '../../../lib/forms/server-errors';
import { useAddManager } from '../api/change-clients';

type Input = z.input<typeof newClient>;
type Output = z.output<typeof newClient>;
const fields = ['firstName', 'lastName', 'email', 'jobTitle'] as const;

/** "Add a manager": first name, last name, e-mail and an optional job title; sends the invitation. */
export function AddManagerDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddManager();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(newClient),
    defaultValues: { firstName: '', lastName: '', email: '', jobTitle: '' },
  });

  const onSubmit = handleSubmit(async (client) => {
    try {
      await add.mutateAsync(client);
      enqueueSnackbar(`An invitation is on its way to ${client.email}.`, { variant: 'success' });
      onClose();
    } catch (error) {
      const problem = placeServerErrors(error, setError, fields);
      if (problem) {
        enqueueSnackbar(
          isApiError(error) ? problem : "The manager couldn't be added. Please try again.",
          { variant: 'error' },
        );
      }
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Add a manager</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId}>
            They receive an e-mail with a link to choose their password. The link works for 1 day.
          </DialogContentText>
          <FormTextField
            label="First name"
            autoComplete="off"
            required
            registration={register('firstName')}
            fieldError={errors.firstName}
          />
          <FormTextField
            label="Last name"
            autoComplete="off"
            required
            registration={register('lastName')}
            fieldError={errors.lastName}
          />
          <FormTextField
            label="E-mail address"
            type="email"
            autoComplete="off"
            required
            registration={register('email')}
            fieldError={errors.email}
          />
          <FormTextField
            label="Job title (optional)"
            autoComplete="off"
            registration={register('jobTitle')}
            fieldError={errors.jobTitle}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
