import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import { isAbortError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';

/**
 * Submitting a section's dialog: save, say so, close; on failure say so and put the server's
 * messages beside their fields (the rest above the form).
 */
export function useSectionSubmit<TValues extends FieldValues, TOutput>({
  form,
  save,
  success,
  failure,
  onDone,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  save: (values: TOutput) => Promise<unknown>;
  success: string;
  failure: string;
  onDone: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  const fields = Object.keys(form.getValues());

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
      enqueueSnackbar(success, { variant: 'success' });
      onDone();
    } catch (error) {
      if (isAbortError(error)) return;
      const leftover = applyServerErrors(error, form.setError, fields);
      setFormError(leftover.length > 0 ? leftover.join(' ') : null);
      enqueueSnackbar(failure, { variant: 'error' });
    }
  });

  return { onSubmit, formError, submitting: form.formState.isSubmitting };
}
