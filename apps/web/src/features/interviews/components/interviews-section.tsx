import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type {
  CandidateApplicationInterviews,
  Offer,
} from '@pathways/shared/interviews/interviews.schemas';

import { isApiError } from '../../../lib/api-client';
import { useApplicationInterviews, useInterviewAnswers } from '../api/application-interviews';
import { useViewerTimeZone } from '../hooks/use-viewer-time-zone';
import { formatInterviewTime } from './interview-time';
import { ZoneNote } from './zone-note';

type Interview = CandidateApplicationInterviews['interviews'][number];

const errorOf = (error: unknown) =>
  isApiError(error) ? error.message : 'Something went wrong. Please try again.';

function OfferCard({ applicationId, offer }: { applicationId: number; offer: Offer }) {
  const timeZone = useViewerTimeZone();
  const { book, otherTimes } = useInterviewAnswers(applicationId);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const open = offer.status === 'open' || offer.status === 'other_times';
  const free = offer.slots.filter((s) => !s.taken);
  return (
    <Box>
      {offer.message && <Typography sx={{ mb: 1 }}>{offer.message}</Typography>}
      {offer.status === 'other_times' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          You asked for other times: “{offer.candidateMessage}”. You may still book one of these.
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {free.map((slot) => (
          <Box
            component="li"
            key={slot.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ flex: 1 }}>
              {formatInterviewTime(slot.startsAt, timeZone)}, {slot.durationMinutes} minutes,{' '}
              {slot.place.label}
            </Typography>
            {open && (
              <Button
                variant="contained"
                disabled={book.isPending}
                onClick={() => book.mutate({ offerId: offer.id, slotId: slot.id })}
                aria-label={`Book ${formatInterviewTime(slot.startsAt, timeZone)}`}
              >
                Book
              </Button>
            )}
          </Box>
        ))}
      </Stack>
      {book.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorOf(book.error)}
        </Alert>
      )}
      {offer.status === 'open' &&
        (asking ? (
          <Box
            component="form"
            sx={{ mt: 2 }}
            onSubmit={(event) => {
              event.preventDefault();
              otherTimes.mutate({ offerId: offer.id, message });
            }}
          >
            <TextField
              label="Which times would suit you?"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              multiline
              fullWidth
              error={otherTimes.isError}
              helperText={otherTimes.isError ? errorOf(otherTimes.error) : undefined}
            />
            <Button type="submit" sx={{ mt: 1 }} disabled={otherTimes.isPending}>
              Send
            </Button>
          </Box>
        ) : (
          <Button sx={{ mt: 1 }} onClick={() => setAsking(true)}>
            Ask for other times
          </Button>
        ))}
    </Box>
  );
}

function InterviewLine({ interview }: { interview: Interview }) {
  const timeZone = useViewerTimeZone();
  return (
    <Box component="li">
      <Typography sx={{ fontWeight: 600 }}>
        {formatInterviewTime(interview.startsAt, timeZone)}
        {interview.status === 'cancelled' ? ' (cancelled)' : ''}
      </Typography>
      <Typography>
        {interview.durationMinutes} minutes, {interview.place.label}
        {interview.interviewers.length > 0 &&
          `, with ${interview.interviewers.map((i) => i.name).join(', ')}`}
      </Typography>
    </Box>
  );
}

/**
 * The candidate's interviews on their application: the times offered, to book one or ask for
 * others, and the interviews set. Shown only when there is something to show.
 */
export function InterviewsSection({ applicationId }: { applicationId: number }) {
  const { data } = useApplicationInterviews(applicationId);
  if (!data || (data.offers.length === 0 && data.interviews.length === 0)) return null;
  const openOffers = data.offers.filter((o) => o.status === 'open' || o.status === 'other_times');
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="application-interviews-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="application-interviews-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Interviews
      </Typography>
      <ZoneNote sx={{ mb: 2 }} />
      {data.interviews.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {data.interviews.map((i) => (
            <InterviewLine key={i.id} interview={i} />
          ))}
        </Stack>
      )}
      {openOffers.map((offer) => (
        <OfferCard key={offer.id} applicationId={applicationId} offer={offer} />
      ))}
    </Paper>
  );
}
