import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import type { InterviewStatus } from '@pathways/shared/interviews/interviews.rules';
import type { Interview } from '@pathways/shared/interviews/interviews.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useAgenda } from '../api/client-interviews';
import { useViewerTimeZone } from '../hooks/use-viewer-time-zone';
import { PlaceText } from './client-interviews-section';
import { formatInterviewDay, formatSpan } from './interview-time';
import { ZoneNote } from './zone-note';

const statusLabels: Record<InterviewStatus, string> = {
  scheduled: 'Booked',
  cancelled: 'Cancelled',
};

const candidateName = (i: Interview) =>
  [i.candidate.firstName, i.candidate.lastName].filter(Boolean).join(' ') || 'An applicant';

/** Interviews grouped by their day in `timeZone`, in the order given (soonest first). */
export function groupByDay(items: Interview[], timeZone: string) {
  const days: { day: string; items: Interview[] }[] = [];
  for (const item of items) {
    const day = formatInterviewDay(item.startsAt, timeZone);
    const last = days[days.length - 1];
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

/**
 * Upcoming interviews, soonest first, grouped by day: of one workspace, or of every workspace
 * the user manages (`opportunityId` null). Filtered by status, a page at a time.
 */
export function InterviewAgenda({
  opportunityId,
  dayHeading = 'h3',
}: {
  opportunityId: number | null;
  /** The level of each day's heading: below the page's or the section's. */
  dayHeading?: 'h2' | 'h3';
}) {
  const timeZone = useViewerTimeZone();
  const [status, setStatus] = useState<InterviewStatus>('scheduled');
  const query = useAgenda(opportunityId, status);
  const items = (query.data?.pages ?? []).flatMap((page) => page.items);

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as InterviewStatus)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="scheduled">Booked</MenuItem>
          <MenuItem value="cancelled">Cancelled</MenuItem>
        </TextField>
        {/* The organization's agenda shares its page with the time zone's choice. */}
        <ZoneNote lead="Upcoming, soonest first." link={opportunityId !== null} />
      </Box>
      {query.isPending && <LinearProgress aria-label="Loading the interviews" />}
      {query.isError && (
        <RetryAlert onRetry={() => void query.refetch()}>
          The interviews could not be loaded.
        </RetryAlert>
      )}
      {query.isSuccess && items.length === 0 && (
        <Typography>
          {status === 'scheduled' ? 'No upcoming interviews.' : 'No cancelled upcoming interviews.'}
        </Typography>
      )}
      {groupByDay(items, timeZone).map(({ day, items: ofDay }) => (
        <Box component="section" key={day} aria-label={day} sx={{ mb: 2 }}>
          <Typography component={dayHeading} variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {day}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {ofDay.map((interview) => (
              <Paper component="li" variant="outlined" key={interview.id} sx={{ p: 1.5 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {formatSpan(interview.startsAt, interview.endsAt, timeZone)}
                  </Typography>
                  <Link
                    component={RouterLink}
                    to={paths.client.application(interview.opportunity.id, interview.applicationId)}
                  >
                    {candidateName(interview)}
                  </Link>
                  <Chip
                    size="small"
                    color={interview.status === 'scheduled' ? 'success' : 'default'}
                    label={statusLabels[interview.status]}
                  />
                </Box>
                {opportunityId === null && (
                  <Typography variant="body2">{interview.opportunity.name}</Typography>
                )}
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <PlaceText place={interview.place} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  With {interview.interviewers.map((i) => i.name).join(', ')}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Box>
      ))}
      {query.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </Box>
  );
}
