import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';

import {
  applicationMessages as m,
  type Application,
} from '@pathways/shared/applications/applications.schemas';

import { isAbortError } from '../../../lib/api-client';
import { useUpdateApplication } from '../api/update-application';
import { locationsFormSchema, type LocationsFormValues } from '../utils/form-schemas';
import { applyServerErrors } from '../utils/server-errors';
import { LocationsField } from './locations-field';

/** "Change locations": the opportunity's locations, the chosen ones ticked; Save sends them all. */
export function ChangeLocationsDialog({
  application,
  onClose,
}: {
  application: Application;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateApplication(application.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LocationsFormValues>({
    resolver: zodResolver(locationsFormSchema) as unknown as Resolver<LocationsFormValues>,
    defaultValues: { locations: application.locations.map((l) => l.id) },
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ locations }) => {
    setFormError(null);
    try {
      await update.mutateAsync({ locations });
      enqueueSnackbar(m.locationsUpdated, { variant: 'success' });
      onClose();
    } catch (error) {
      if (isAbortError(error)) return;
      const leftover = applyServerErrors(error, form.setError, ['locations']);
      setFormError(leftover.length > 0 ? leftover.join(' ') : null);
      enqueueSnackbar(m.locationsFailed, { variant: 'error' });
    }
  });

  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Change locations</DialogTitle>
        <DialogContent dividers>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <LocationsField
            control={form.control}
            name="locations"
            locations={application.opportunity.locations}
            legend="Where would you like to be based?"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            Save locations
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
