import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import type { Interview, Offer } from '@pathways/shared/interviews/interviews.schemas';

import { useSnackbar } from '../../../components/ui/snackbar';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useInterviewChanges, useWithdrawOffer } from '../api/client-interviews';
import { useInterviewChoices } from '../hooks/use-interview-choices';
import { useViewerTimeZone } from '../hooks/use-viewer-time-zone';
import { emptyRow, timeOf, timesResolver, type TimesForm, type TimeRow } from '../utils/time-form';
import { formatInterviewTime, toLocalTime, zoneLabel } from './interview-time';
import { placeRefusal } from './offer-times-dialog';
import { TimeFields } from './time-fields';

/** The form's row for an interview as it is (its place as the form names it). */
function rowOf(interview: Interview, timeZone: string): TimeRow {
  const place =
    interview.place.kind === 'video'
      ? 'video'
      : interview.place.kind === 'address'
        ? 'address'
        : 'keep';
  return {
    ...emptyRow(),
    ...toLocalTime(interview.startsAt, timeZone),
    durationMinutes: String(interview.durationMinutes),
    place,
    address: interview.place.kind === 'address' ? interview.place.label : '',
    url: interview.place.url ?? '',
  };
}

/** Moves an interview: a new day and start, and optionally a new length or place. */
export function MoveInterviewDialog({
  interview,
  opportunityId,
  onClose,
}: {
  interview: Interview;
  opportunityId: number;
  onClose: () => void;
}) {
  const timeZone = useViewerTimeZone();
  const choices = useInterviewChoices(opportunityId);
  const { move } = useInterviewChanges();
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const initial = rowOf(interview, timeZone);
  const form = useForm<TimesForm>({
    resolver: timesResolver(timeZone, { moving: true }),
    defaultValues: { times: [initial], message: '' },
  });
  const row = form.watch('times.0') ?? initial;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const current = values.times[0]!;
    const time = timeOf(current, timeZone);
    try {
      await move.mutateAsync({
        id: interview.id,
        startsAt: time.startsAt,
        durationMinutes: time.durationMinutes,
        ...(time.place ? { place: time.place } : {}),
        message: values.message.trim() || null,
      });
      enqueueSnackbar('The interview was moved; everyone gets the new invitation', {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      setProblem(placeRefusal(error, 1, form.setError));
    }
  });
  return (
    <Dialog
      open
      onClose={move.isPending ? undefined : onClose}
      aria-labelledby="move-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="move-title">Move the interview</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Now {formatInterviewTime(interview.startsAt, timeZone)}, {interview.place.label}. The
            candidate and the interviewers get the updated invitation. Times are in{' '}
            {zoneLabel(timeZone)} time.
          </DialogContentText>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <TimeFields
            index={0}
            control={form.control}
            register={form.register}
            errors={form.formState.errors}
            row={row}
            locations={choices.locations}
            managers={[]}
            timeZone={timeZone}
            withInterviewers={false}
            keepPlace={interview.place.kind === 'location' ? interview.place.label : undefined}
          />
          <TextField
            {...form.register('message')}
            label="Message to everyone (optional)"
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={move.isPending}>
            Keep it
          </Button>
          <Button type="submit" variant="contained" loading={move.isPending}>
            Move the interview
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * A confirmation with an optional reason told to those concerned: cancelling an interview,
 * withdrawing the times offered. The API's refusal shows in the dialog.
 */
function ReasonDialog({
  id,
  title,
  text,
  keepLabel,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (reason: string | null, handlers: { onError: (error: unknown) => void }) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <Box
        component="form"
        sx={{ display: 'contents' }}
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          onConfirm(reason.trim() || null, {
            onError: (error) => {
              if (isAbortError(error)) return;
              setProblem(
                isApiError(error) ? error.message : 'Something went wrong. Please try again.',
              );
            },
          });
        }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {keepLabel}
          </Button>
          <Button type="submit" color="error" variant="contained" loading={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CancelInterviewDialog({
  interview,
  onClose,
}: {
  interview: Interview;
  onClose: () => void;
}) {
  const timeZone = useViewerTimeZone();
  const { cancel } = useInterviewChanges();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <ReasonDialog
      id="cancel"
      title="Cancel the interview?"
      text={`${formatInterviewTime(interview.startsAt, timeZone)}. The candidate and the interviewers get the cancellation, with your reason.`}
      keepLabel="Keep it"
      confirmLabel="Cancel the interview"
      pending={cancel.isPending}
      onClose={onClose}
      onConfirm={(reason, { onError }) =>
        cancel.mutate(
          { id: interview.id, reason },
          {
            onSuccess: () => {
              enqueueSnackbar('The interview was cancelled; everyone is told', {
                variant: 'success',
              });
              onClose();
            },
            onError,
          },
        )
      }
    />
  );
}

/** Withdraw the times offered to an application while none is booked; the candidate is told. */
export function WithdrawOfferDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const withdraw = useWithdrawOffer();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <ReasonDialog
      id="withdraw"
      title="Withdraw these times?"
      text={`The candidate can no longer book ${offer.slots.length === 1 ? 'this time' : `any of these ${offer.slots.length} times`} and is told by e-mail, with your reason.`}
      keepLabel="Keep them"
      confirmLabel="Withdraw times"
      pending={withdraw.isPending}
      onClose={onClose}
      onConfirm={(reason, { onError }) =>
        withdraw.mutate(
          { id: offer.id, reason },
          {
            onSuccess: () => {
              enqueueSnackbar('The times were withdrawn; the candidate is told', {
                variant: 'success',
              });
              onClose();
            },
            onError,
          },
        )
      }
    />
  );
}
