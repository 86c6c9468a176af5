import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId } from 'react';

import {
  applicationMessages as m,
  type Application,
} from '@pathways/shared/applications/applications.schemas';

import { isAbortError } from '../../../lib/api-client';
import { useArchiveApplication } from '../api/archive-application';

/**
 * "Withdraw your application?": the candidate archives it; success and failure are worded
 * exactly as users have seen them.
 */
export function WithdrawDialog({
  application,
  onClose,
}: {
  application: Application;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const archive = useArchiveApplication(application.id);

  const confirm = () => {
    archive.mutate(undefined, {
      onSuccess: () => {
        enqueueSnackbar(m.archived, { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        if (isAbortError(error)) return;
        enqueueSnackbar(m.archiveFailed, { variant: 'error' });
      },
    });
  };

  return (
    <Dialog
      open
      onClose={archive.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Withdraw your application?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {application.opportunity.organization.name} will no longer consider your application for{' '}
          {application.opportunity.name}. You cannot apply for this opportunity again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={archive.isPending}>
          Keep my application
        </Button>
        <Button color="error" variant="contained" onClick={confirm} loading={archive.isPending}>
          Withdraw
        </Button>
      </DialogActions>
    </Dialog>
  );
}
