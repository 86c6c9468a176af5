import Box from '@mui/material/Box';
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
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId, useState } from 'react';

import {
  FEEDBACK_GUEST_LINK_DAYS,
  MAX_FEEDBACK_GUESTS,
  distinctGuests,
  feedbackGuestInput,
  feedbackMessages,
} from '@pathways/shared/feedback/feedback.schemas';

import { isAbortError, isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useClients } from '../../managers';
import { useShareApplicants } from '../api/feedback-requests';

const applicants = (n: number) => `${n} applicant${n === 1 ? '' : 's'}`;

interface Guest {
  email: string;
  name: string | null;
}

/** The address typed, checked by the same rule as the server's; a message when it fails. */
function guestFrom(email: string, name: string): Guest | string {
  const parsed = feedbackGuestInput.safeParse({ email: email.trim(), name });
  if (parsed.success) return { email: parsed.data.email, name: parsed.data.name ?? null };
  return parsed.error.issues[0]?.message ?? feedbackMessages.guestEmail;
}

/**
 * People outside the organization to ask by e-mail: each gets a link of their own, no account
 * needed. An address typed but not yet added is added on sharing.
 */
function OutsidePeople({
  guests,
  onChange,
  email,
  setEmail,
  name,
  setName,
  error,
  setError,
}: {
  guests: Guest[];
  onChange: (guests: Guest[]) => void;
  email: string;
  setEmail: (email: string) => void;
  name: string;
  setName: (name: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
}) {
  const helperId = useId();
  const add = () => {
    const guest = guestFrom(email, name);
    if (typeof guest === 'string') {
      setError(guest);
      return;
    }
    if (guests.length >= MAX_FEEDBACK_GUESTS) {
      setError(`At most ${MAX_FEEDBACK_GUESTS} people outside at once`);
      return;
    }
    onChange(distinctGuests([...guests, guest]));
    setEmail('');
    setName('');
    setError(null);
  };
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">People outside (optional)</FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        They get a link by e-mail that works for {FEEDBACK_GUEST_LINK_DAYS} days without an account,
        and see the applicant&apos;s record as your blind review allows, never contact details.
      </Typography>
      {guests.length > 0 && (
        <Box component="ul" aria-label="People outside to ask" sx={{ m: 0, mb: 1, p: 0 }}>
          {guests.map((g) => (
            <Box
              component="li"
              key={g.email}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none' }}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {g.name ? `${g.name} (${g.email})` : g.email}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${g.email}`}
                onClick={() => onChange(guests.filter((x) => x.email !== g.email))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          label="E-mail of someone outside"
          type="email"
          size="small"
          value={email}
          error={Boolean(error)}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          slotProps={{ htmlInput: { 'aria-describedby': helperId, maxLength: 254 } }}
        />
        <TextField
          label="Their name (optional)"
          size="small"
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Box>
          <Button size="small" variant="outlined" onClick={add} disabled={email.trim() === ''}>
            Add
          </Button>
        </Box>
      </Box>
      <FormHelperText id={helperId} role={error ? 'alert' : undefined}>
        {error ?? 'Add one address at a time.'}
      </FormHelperText>
    </FormControl>
  );
}

/**
 * "Ask colleagues": share the chosen applicants with active colleagues of the organization, or
 * people outside by e-mail, and ask for their opinion. Colleagues are notified and e-mailed and
 * answer under Shared With Me; people outside answer through the link of their e-mail.
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
  const [guests, setGuests] = useState<Guest[]>([]);
  const [guestEmail, setGuestEmail] = useState('');
  const [guestName, setGuestName] = useState('');
  const [guestError, setGuestError] = useState<string | null>(null);
  const colleagues = (clients.data?.items ?? []).filter(
    (c) => c.active && c.status === 'joined' && c.id !== viewer?.id,
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // An address typed but not added yet counts too.
    let outside = guests;
    if (guestEmail.trim() !== '') {
      const typed = guestFrom(guestEmail, guestName);
      if (typeof typed === 'string') {
        setGuestError(typed);
        return;
      }
      outside = distinctGuests([...guests, typed]);
    }
    if (chosen.length === 0 && outside.length === 0) {
      setError(feedbackMessages.respondersRequired);
      return;
    }
    try {
      await share.mutateAsync({
        opportunityApplications: [...applicationIds],
        responders: chosen,
        guests: outside,
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
            Share {applicants(applicationIds.length)} with colleagues, or people outside by e-mail,
            and ask for a rating and a comment. Nobody asked sees the documents.
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
                  : 'Choose colleagues, or add people outside below.')}
            </FormHelperText>
          </FormControl>
          <OutsidePeople
            guests={guests}
            onChange={(list) => {
              setGuests(list);
              setError(null);
            }}
            email={guestEmail}
            setEmail={setGuestEmail}
            name={guestName}
            setName={setGuestName}
            error={guestError}
            setError={setGuestError}
          />
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
