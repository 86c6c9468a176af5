import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { newClient } from '@pathways/shared/managers/managers.schemas';

import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-fields';
import { submitProblem } from '../../../lib/forms/server-errors';
import { useAddManager } from '../api/change-clients';

type Input = z.input<typeof newClient>;
type Output = z.output<typeof newClient>;
const fields = ['firstName', 'lastName', 'email', 'jobTitle'] as const;

/** "Add a manager": first name, last name, e-mail and an optional job title; sends the invitation. */
export function AddManagerDialog({ onClose }: { onClose: () => void }) {
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
      const problem = submitProblem(
        error,
        setError,
        fields,
        "The manager couldn't be added. Please try again.",
      );
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  });

  return (
    <FormDialog
      title="Add a manager"
      description="They receive an e-mail with a link to choose their password. The link works for 1 day."
      submitLabel="Send invitation"
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
