import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';

import {
  FLAG_REASON_MAX_CHARS,
  flagBody,
  flagSectionLabels,
  flagSections,
  screeningMessages,
  type FlagSection,
} from '@pathways/shared/screening/screening.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';

type Values = { section: FlagSection | ''; reason: string };
const fields = ['section', 'reason'] as const;

/** The section and the reason are checked with the shared contract of a flag. */
const resolver: Resolver<Values> = (values): ResolverResult<Values> => {
  const parsed = flagBody.safeParse({ flag: { applicationId: 1, ...values } });
  if (parsed.success) return { values, errors: {} };
  const errors: ResolverResult<Values>['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[1];
    if (field === 'section' || field === 'reason') {
      errors[field] ??= { type: 'validate', message: issue.message };
    }
  }
  return { values: {}, errors };
};

/**
 * Flags an irregularity in one section of the applicant's profile: the candidate gets a
 * critical to-do item leading to that section, and shows as reported until they correct it.
 */
export function FlagDialog({
  onFlag,
  onClose,
}: {
  onFlag: (flag: { section: FlagSection; reason: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { section: '', reason: '' }, resolver });

  const onSubmit = handleSubmit(async (values) => {
    setProblems([]);
    try {
      await onFlag({ section: values.section as FlagSection, reason: values.reason.trim() });
      enqueueSnackbar(screeningMessages.flagged, { variant: 'success' });
      onClose();
    } catch (error) {
      if (isAbortError(error)) return;
      const left = applyServerErrors(error, setError, fields);
      const hasFieldErrors = isApiError(error) && Object.keys(error.fieldErrors).length > 0;
      setProblems(
        left.length > 0 || hasFieldErrors
          ? left
          : [isApiError(error) ? error.message : 'The flag could not be sent. Please try again.'],
      );
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="flag-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit} aria-labelledby="flag-title">
        <DialogTitle id="flag-title">Flag an irregularity</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The candidate is asked to correct the section, and their applications show as reported
            until they do.
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 2 }}>
            {problems.map((p) => (
              <Alert key={p} severity="error">
                {p}
              </Alert>
            ))}
            <FormTextField
              id="flag-section"
              label="Section of the profile"
              select
              required
              registration={register('section')}
              fieldError={errors.section}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Choose a section</option>
              {flagSections.map((section) => (
                <option key={section} value={section}>
                  {flagSectionLabels[section]}
                </option>
              ))}
            </FormTextField>
            <FormTextField
              id="flag-reason"
              label="What is irregular"
              required
              multiline
              minRows={3}
              registration={register('reason')}
              fieldError={errors.reason}
              helperText="The candidate reads this in their to-do list."
              slotProps={{ htmlInput: { maxLength: FLAG_REASON_MAX_CHARS } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
            Flag
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
