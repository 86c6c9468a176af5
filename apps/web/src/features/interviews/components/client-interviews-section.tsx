import EventAvailable from '@mui/icons-material/EventAvailable';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { canChangeInterview, canWithdrawOffer } from '@pathways/shared/interviews/interviews.rules';
import type {
  Criterion,
  Interview,
  Offer,
  Place,
} from '@pathways/shared/interviews/interviews.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useUser } from '../../../lib/session/current-user';
import { useClientApplicationInterviews, useInterviewSettings } from '../api/client-interviews';
import { useViewerTimeZone } from '../hooks/use-viewer-time-zone';
import { CancelInterviewDialog, MoveInterviewDialog, WithdrawOfferDialog } from './change-dialogs';
import { formatInterviewTime } from './interview-time';
import { ZoneNote } from './zone-note';
import { OfferTimesDialog } from './offer-times-dialog';
import { ScorecardForm, ScorecardTable } from './scorecards';

export const offerStatusLabels: Record<Offer['status'], string> = {
  open: 'Waiting for the candidate to choose',
  booked: 'Booked',
  other_times: 'The candidate asked for other times',
  withdrawn: 'Withdrawn',
};

/** A place as words, the video link clickable. */
export function PlaceText({ place }: { place: Place }) {
  if (place.url) {
    return (
      <Link href={place.url} target="_blank" rel="noreferrer">
        {place.kind === 'video' ? `Video call: ${place.url}` : place.label}
      </Link>
    );
  }
  return <>{place.label}</>;
}

function OfferItem({ offer, timeZone }: { offer: Offer; timeZone: string }) {
  const [withdrawing, setWithdrawing] = useState(false);
  const offered = `Offered ${formatInterviewTime(offer.createdAt, timeZone)}`;
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{offered}</Typography>
        <Chip
          size="small"
          label={offerStatusLabels[offer.status]}
          color={
            offer.status === 'booked'
              ? 'success'
              : offer.status === 'other_times'
                ? 'warning'
                : 'default'
          }
        />
        {canWithdrawOffer(offer.status) && (
          <Button
            size="small"
            color="error"
            onClick={() => setWithdrawing(true)}
            aria-label={`Withdraw times (${offered})`}
          >
            Withdraw times
          </Button>
        )}
      </Box>
      {withdrawing && <WithdrawOfferDialog offer={offer} onClose={() => setWithdrawing(false)} />}
      {offer.status === 'other_times' && offer.candidateMessage && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The candidate wrote: “{offer.candidateMessage}”
        </Alert>
      )}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
        {offer.slots.map((slot) => (
          <li key={slot.id}>
            <Typography variant="body2">
              {formatInterviewTime(slot.startsAt, timeZone)}, {slot.durationMinutes} minutes,{' '}
              <PlaceText place={slot.place} />
              {slot.taken ? ' (taken)' : ''}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function InterviewItem({
  interview,
  opportunityId,
  criteria,
  viewerEmail,
  timeZone,
}: {
  interview: Interview;
  opportunityId: number;
  criteria: Criterion[];
  viewerEmail: string | undefined;
  timeZone: string;
}) {
  const [dialog, setDialog] = useState<'move' | 'cancel' | null>(null);
  const cancelled = interview.status === 'cancelled';
  const changeable = canChangeInterview(
    { status: interview.status, endsAt: new Date(interview.endsAt) },
    new Date(),
  );
  const me = interview.interviewers.find(
    (i) => viewerEmail !== undefined && i.email.toLowerCase() === viewerEmail.toLowerCase(),
  );
  const mine = me ? interview.scorecards.find((s) => s.interviewerId === me.id) : undefined;
  const hidden = interview.interviewers.filter(
    (i) => i.submitted && !interview.scorecards.some((s) => s.interviewerId === i.id),
  ).length;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {formatInterviewTime(interview.startsAt, timeZone)}
        </Typography>
        <Chip
          size="small"
          color={cancelled ? 'default' : 'success'}
          label={cancelled ? 'Cancelled' : 'Booked'}
        />
      </Box>
      <Typography variant="body2">
        {interview.durationMinutes} minutes, <PlaceText place={interview.place} />
      </Typography>
      <Typography variant="body2">
        With{' '}
        {interview.interviewers
          .map((i) => `${i.name}${i.submitted ? ' (scorecard in)' : ''}`)
          .join(', ')}
      </Typography>
      {changeable && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button size="small" variant="outlined" onClick={() => setDialog('move')}>
            Move
          </Button>
          <Button size="small" color="error" onClick={() => setDialog('cancel')}>
            Cancel interview
          </Button>
        </Box>
      )}
      {!cancelled && (
        <>
          <ScorecardTable interview={interview} criteria={criteria} />
          {me && hidden > 0 && !me.submitted && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {hidden === 1 ? 'A colleague has' : `${hidden} colleagues have`} submitted a
              scorecard: you see theirs once yours is in.
            </Typography>
          )}
          {me && <ScorecardForm interview={interview} criteria={criteria} mine={mine} />}
        </>
      )}
      {dialog === 'move' && (
        <MoveInterviewDialog
          interview={interview}
          opportunityId={opportunityId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancel' && (
        <CancelInterviewDialog interview={interview} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}

/**
 * The client's view of an application's interviews: the times offered and what became of them,
 * the interviews (to move or cancel) with their scorecards, and the viewer's own scorecard when
 * they interview.
 */
export function ClientInterviewsSection({
  opportunityId,
  applicationId,
  candidate,
}: {
  opportunityId: number;
  applicationId: number;
  /** How the candidate is named on the page (blind review may hide the name). */
  candidate: string;
}) {
  const timeZone = useViewerTimeZone();
  const query = useClientApplicationInterviews(applicationId);
  const settings = useInterviewSettings(opportunityId);
  const { data: user } = useUser();
  const [dialog, setDialog] = useState<'offer' | 'fix' | null>(null);
  const criteria = settings.data?.criteria ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="interviews-title" id="interviews">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="interviews-title" component="h2" variant="h6" sx={{ flex: 1 }}>
            Interviews
          </Typography>
          <Button
            size="small"
            variant="contained"
            startIcon={<EventAvailable />}
            onClick={() => setDialog('offer')}
          >
            Offer times
          </Button>
          <Button size="small" variant="outlined" onClick={() => setDialog('fix')}>
            Fix a time
          </Button>
        </Box>
        <ZoneNote sx={{ mb: 1 }} />
        {query.isPending && <LinearProgress aria-label="Loading the interviews" />}
        {query.isError && (
          <RetryAlert onRetry={() => void query.refetch()}>
            The interviews could not be loaded.
          </RetryAlert>
        )}
        {query.data && query.data.offers.length === 0 && query.data.interviews.length === 0 && (
          <Typography variant="body2">No interview times offered yet.</Typography>
        )}
        {query.data && query.data.interviews.length > 0 && (
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
            {query.data.interviews.map((interview) => (
              <InterviewItem
                key={interview.id}
                interview={interview}
                opportunityId={opportunityId}
                criteria={criteria}
                viewerEmail={user?.email}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        )}
        {query.data && query.data.offers.length > 0 && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
              Times offered
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {query.data.offers.map((offer) => (
                <OfferItem key={offer.id} offer={offer} timeZone={timeZone} />
              ))}
            </Box>
          </>
        )}
      </CardContent>
      <OfferTimesDialog
        opportunityId={opportunityId}
        open={dialog === 'offer'}
        onClose={() => setDialog(null)}
        target={{ kind: 'applications', applicationIds: [applicationId], label: candidate }}
      />
      <OfferTimesDialog
        opportunityId={opportunityId}
        open={dialog === 'fix'}
        onClose={() => setDialog(null)}
        fixFor={{ applicationId, label: candidate }}
      />
    </Card>
  );
}
