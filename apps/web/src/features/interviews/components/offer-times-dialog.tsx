import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import type { TimeInput } from '@pathways/shared/interviews/interviews.schemas';
import { useFieldArray, useForm, type UseFormSetError } from 'react-hook-form';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useFixInterview, useOfferTimes } from '../api/client-interviews';
import { useInterviewChoices } from '../hooks/use-interview-choices';
import { useViewerTimeZone } from '../hooks/use-viewer-time-zone';
import {
  emptyRow,
  nextHour,
  rowFieldOf,
  timeOf,
  timesResolver,
  type TimesForm,
} from '../utils/time-form';
import { zoneLabel } from './interview-time';
import { TimeFields } from './time-fields';

/** Whom the times are for: chosen applications, everyone in a phase, or one application. */
export type OfferTarget =
  | { kind: 'applications'; applicationIds: number[]; label: string }
  | { kind: 'phase'; phaseId: number; label: string };

const MAX_TIMES = 30;

const TIME_FIELDS = ['startsAt', 'durationMinutes', 'place', 'interviewers'];

/**
 * Which time (row) and field of the form an API field key belongs to: an offer's
 * `slots.1.startsAt` is the second time's, a single time's `startsAt` the only one's.
 */
function timeFieldOf(key: string, rows: number) {
  const path = key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  if (path[0] === 'slots' && typeof path[1] === 'number' && path[1] < rows) {
    return { index: path[1], path: path.slice(2) };
  }
  if (rows === 1 && TIME_FIELDS.includes(String(path[0]))) return { index: 0, path };
  return null;
}

/**
 * Puts the API's refusal on the form: each message beside the field of the time it names (a
 * 409, which names none, beside the only time when there is one). Answers what is left to say.
 */
export function placeRefusal(
  error: unknown,
  rows: number,
  setError: UseFormSetError<TimesForm>,
): string | null {
  if (isAbortError(error)) return null;
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  const left: string[] = [];
  const fields = Object.entries(error.fieldErrors);
  for (const [field, messages] of fields) {
    const at = timeFieldOf(field, rows);
    if (at) {
      setError(`times.${at.index}.${rowFieldOf(at.path)}`, {
        type: 'server',
        message: messages.join(' '),
      });
    } else {
      left.push(...messages);
    }
  }
  if (fields.length === 0) {
    // A 409 (a time taken, an interviewer busy) belongs to the time when there is only one.
    if (error.status === 409 && rows === 1) {
      setError('times.0.date', { type: 'server', message: error.message });
      return null;
    }
    return error.message;
  }
  return left.length > 0 ? left.join(' ') : null;
}

/**
 * Offers interview times (several at once) to chosen applications or to a phase, or fixes one
 * application's interview at a time directly (`fixFor`). Days and start times are read in the
 * viewer's time zone.
 */
export function OfferTimesDialog({
  opportunityId,
  open,
  onClose,
  target,
  fixFor,
}: {
  opportunityId: number;
  open: boolean;
  onClose: () => void;
  /** Offering: whom the times are for. */
  target?: OfferTarget;
  /** Fixing a time directly for one application. */
  fixFor?: { applicationId: number; label: string };
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const timeZone = useViewerTimeZone();
  const choices = useInterviewChoices(opportunityId, open);
  const offer = useOfferTimes(opportunityId);
  const fix = useFixInterview(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const fixing = fixFor !== undefined;
  const form = useForm<TimesForm>({
    resolver: timesResolver(timeZone),
    defaultValues: { times: [emptyRow()], message: '' },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'times' });
  const rows = form.watch('times');
  const busy = offer.isPending || fix.isPending;

  const close = () => {
    form.reset({ times: [emptyRow()], message: '' });
    setProblem(null);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    // Offered times always name a place ("keep" exists only when moving).
    const slots = values.times.map((row) => timeOf(row, timeZone) as TimeInput);
    const message = values.message.trim() || null;
    try {
      if (fixFor) {
        await fix.mutateAsync({ applicationId: fixFor.applicationId, message, ...slots[0]! });
        enqueueSnackbar(`The interview is set; ${fixFor.label} and the interviewers are told`, {
          variant: 'success',
        });
      } else if (target) {
        const result = await offer.mutateAsync({
          ...(target.kind === 'phase'
            ? { phaseId: target.phaseId }
            : { applicationIds: target.applicationIds }),
          slots,
          message,
        });
        const n = result.items.length;
        enqueueSnackbar(
          `${slots.length === 1 ? 'A time was' : `${slots.length} times were`} offered to ${n} applicant${n === 1 ? '' : 's'}`,
          { variant: 'success' },
        );
      }
      close();
    } catch (error) {
      setProblem(placeRefusal(error, values.times.length, form.setError));
    }
  });

  const title = fixing ? 'Fix an interview time' : 'Offer interview times';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="offer-times-title"
    >
      <DialogTitle id="offer-times-title">{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {fixing
              ? `For ${fixFor.label}: the candidate and the interviewers get the invitation at once.`
              : `For ${target?.label ?? ''}: each candidate chooses one time, and a time is taken by the first who books it.`}{' '}
            Times are in {zoneLabel(timeZone)} time.
          </DialogContentText>
          {choices.isPending && <LinearProgress aria-label="Loading the places and managers" />}
          {choices.isError && (
            <RetryAlert onRetry={choices.retry}>
              The workspace’s places and managers could not be loaded.
            </RetryAlert>
          )}
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {problem}
            </Alert>
          )}
          {fields.map((field, index) => (
            <Box
              key={field.id}
              component="fieldset"
              sx={{ border: 0, p: 0, m: 0, mb: 2 }}
              aria-label={`Time ${index + 1}`}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                <Typography component="legend" variant="subtitle2" sx={{ flex: 1 }}>
                  {fixing ? 'The time' : `Time ${index + 1}`}
                </Typography>
                {fields.length > 1 && (
                  <IconButton
                    aria-label={`Remove time ${index + 1}`}
                    onClick={() => remove(index)}
                    size="small"
                  >
                    <DeleteOutline />
                  </IconButton>
                )}
              </Box>
              <TimeFields
                index={index}
                control={form.control}
                register={form.register}
                errors={form.formState.errors}
                row={rows[index] ?? field}
                locations={choices.locations}
                managers={choices.managers}
                timeZone={timeZone}
              />
              {index < fields.length - 1 && <Divider sx={{ mt: 2 }} />}
            </Box>
          ))}
          {!fixing && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              <Button
                startIcon={<ContentCopy />}
                disabled={fields.length >= MAX_TIMES}
                onClick={() => append(nextHour(rows[rows.length - 1] ?? emptyRow()))}
              >
                Copy the last time, 1 hour later
              </Button>
              <Button
                startIcon={<Add />}
                disabled={fields.length >= MAX_TIMES}
                onClick={() => append(emptyRow())}
              >
                Add a time
              </Button>
            </Box>
          )}
          <TextField
            {...form.register('message')}
            label="Message to the candidate (optional)"
            multiline
            minRows={2}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {fixing
              ? 'Fix the time'
              : `Offer ${fields.length === 1 ? 'the time' : `${fields.length} times`}`}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
