import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useMemo, useState } from 'react';

import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import { screeningMessages } from '@pathways/shared/screening/screening.schemas';

import { isAbortError, isApiError } from '../../../lib/api-client';
import { usePhases } from '../../pipeline';
import { useApplicantActions } from '../api/applicant-actions';
import { FlagDialog } from './flag-dialog';

/** What the server said went wrong, in one sentence. */
export function refusal(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const [first] = Object.values(error.fieldErrors).flat();
  return first ?? error.message;
}

/**
 * The manager's actions on this applicant: move to another phase of the workspace, regret
 * (after a confirmation saying the candidate will be told), and flag a profile irregularity.
 */
export function ApplicantActions({
  view,
  opportunityId,
}: {
  view: ApplicationView;
  opportunityId: number;
}) {
  const { application } = view;
  const actions = useApplicantActions(opportunityId, application.id);
  const phases = usePhases(opportunityId);
  const chain = useMemo(
    () => [...(phases.data?.items ?? [])].sort((a, b) => a.order - b.order),
    [phases.data],
  );
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const closed = application.regrettedAt !== null || application.archivedAt !== null;
  const busy = actions.move.isPending || actions.regret.isPending;
  const closedWhy = application.archivedAt
    ? screeningMessages.withdrawn
    : application.regrettedAt
      ? screeningMessages.regrettedCannotMove
      : undefined;

  const move = (phaseId: number) => {
    const phase = chain.find((p) => p.id === phaseId);
    if (!phase || phase.id === application.phase?.id) return;
    actions.move.mutate(
      { id: phase.id, name: phase.name },
      {
        onSuccess: () =>
          enqueueSnackbar(screeningMessages.moved.replace('{phase}', phase.name), {
            variant: 'success',
          }),
        onError: (error) => {
          if (!isAbortError(error))
            enqueueSnackbar(refusal(error, 'The application could not be moved'), {
              variant: 'error',
            });
        },
      },
    );
  };

  const regret = () => {
    setConfirming(false);
    actions.regret.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(screeningMessages.regretted, { variant: 'success' }),
      onError: (error) => {
        if (!isAbortError(error))
          enqueueSnackbar(refusal(error, 'The application could not be regretted'), {
            variant: 'error',
          });
      },
    });
  };

  return (
    <Box
      role="toolbar"
      aria-label="Actions on this applicant"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mt: 2 }}
    >
      <TextField
        id="applicant-move"
        select
        size="small"
        label="Move to phase"
        value={application.phase ? String(application.phase.id) : ''}
        onChange={(event) => move(Number(event.target.value))}
        disabled={closed || busy || phases.isPending || chain.length === 0}
        helperText={closedWhy}
        sx={{ width: { xs: '100%', sm: '18rem' } }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {application.phase === null && <option value="">No phase</option>}
        {chain.map((phase) => (
          <option key={phase.id} value={phase.id}>
            {phase.order}. {phase.name}
          </option>
        ))}
      </TextField>
      <Button
        variant="outlined"
        color="error"
        disabled={closed || busy}
        onClick={() => setConfirming(true)}
      >
        Regret
      </Button>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<FlagOutlined />}
        onClick={() => setFlagging(true)}
      >
        Flag an irregularity
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="applicant-regret-title"
      >
        <DialogTitle id="applicant-regret-title">Regret this applicant?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The candidate will be told by e-mail and on their application that they were not
            successful. This cannot be undone here.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={regret}>
            Regret and tell them
          </Button>
        </DialogActions>
      </Dialog>
      {flagging && (
        <FlagDialog
          onFlag={(flag) => actions.flag.mutateAsync(flag)}
          onClose={() => setFlagging(false)}
        />
      )}
    </Box>
  );
}
