import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId, useState } from 'react';

import { feedbackMessages } from '@pathways/shared/feedback/feedback.schemas';

import { isAbortError, isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useClients } from '../../managers';
import { useShareApplicants } from '../api/feedback-requests';

const applicants = (n: number) => `${n} applicant${n === 1 ? '' : 's'}`;

/**
 * "Ask colleagues": share the chosen applicants with active colleagues of the organization and
 * ask for their opinion. They are notified and e-mailed, and answer under Shared With Me.
 */
export function ShareDialog({
  applicationIds,
  onClose,
}: {
  applicationIds: readonly number[];
  onClose: () => void;
}) {
  const titleId = useId();
  const helperId = useId();
  const { viewer } = useSession();
  const clients = useClients();
  const share = useShareApplicants();
  const { enqueueSnackbar } = useSnackbar();
  const [chosen, setChosen] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const colleagues = (clients.data?.items ?? []).filter(
    (c) => c.active && c.status === 'joined' && c.id !== viewer?.id,
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(feedbackMessages.respondersRequired);
      return;
    }
    try {
      await share.mutateAsync({
        opportunityApplications: [...applicationIds],
        responders: chosen,
        message,
      });
      enqueueSnackbar(`${applicants(applicationIds.length)} shared for feedback`, {
        variant: 'success',
      });
      onClose();
    } catch (failure) {
      if (isAbortError(failure)) return;
      const errors = isApiError(failure) ? Object.values(failure.fieldErrors).flat() : [];
      setError(errors.join(' ') || 'The applicants could not be shared. Please try again.');
    }
  };

  return (
    <Dialog
      open
      onClose={share.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Ask colleagues</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            Share {applicants(applicationIds.length)} with colleagues and ask for a rating and a
            comment. They see the applicant&apos;s summary, not the documents.
          </DialogContentText>
          {clients.isPending && <LinearProgress aria-label="Loading your colleagues" />}
          <FormControl component="fieldset" error={Boolean(error)} aria-describedby={helperId}>
            <FormLabel component="legend">Colleagues</FormLabel>
            <FormGroup>
              {colleagues.map((c) => {
                const name = [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;
                return (
                  <FormControlLabel
                    key={c.id}
                    label={c.jobTitle ? `${name} (${c.jobTitle})` : name}
                    control={
                      <Checkbox
                        checked={chosen.includes(c.id)}
                        onChange={(event) => {
                          setError(null);
                          setChosen((list) =>
                            event.target.checked
                              ? [...list, c.id]
                              : list.filter((id) => id !== c.id),
                          );
                        }}
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            <FormHelperText id={helperId} role={error ? 'alert' : undefined}>
              {error ??
                (clients.isSuccess && colleagues.length === 0
                  ? 'No active colleague to ask yet.'
                  : 'Choose one or more colleagues.')}
            </FormHelperText>
          </FormControl>
          <TextField
            label="Message (optional)"
            multiline
            minRows={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={share.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={share.isPending}>
            Share
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The tracker's bulk toolbar button that opens the dialog for the chosen applicants. */
export function AskColleaguesButton({
  applicationIds,
  disabled = false,
}: {
  applicationIds: number[];
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        disabled={disabled || applicationIds.length === 0}
      >
        Ask colleagues
      </Button>
      {open && <ShareDialog applicationIds={applicationIds} onClose={() => setOpen(false)} />}
    </>
  );
}
