import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import type { InterviewLinkView } from '@pathways/shared/interviews/interviews.schemas';

import { ProfileRecordSections } from '../../applicant-view';
import { isApiError } from '../../../lib/api-client';
import { interviewCalendarHref, useInterviewLink, useSubmitScorecard } from '../api/interview-link';
import { interviewWhen, readerTimeZone, zoneLabel } from '../../interviews';
import { LinkClosed } from './link-closed';
import { PrivatePageMeta } from './private-page-meta';
import { ScorecardForm } from './scorecard-form';
import { ScorecardsList } from './scorecards-list';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = `part-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function WhenAndWhere({
  view,
  token,
  timeZone,
}: {
  view: InterviewLinkView;
  token: string;
  timeZone: string;
}) {
  const { interview } = view;
  const when = interviewWhen(interview.startsAt, interview.endsAt, timeZone);
  const video = interview.place.kind === 'video' && interview.place.url;
  return (
    <Part title="When and where">
      <Typography sx={{ fontWeight: 600 }}>{when.day}</Typography>
      <Typography>
        {when.hours} ({interview.durationMinutes} minutes)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your time zone: {zoneLabel(timeZone)}
      </Typography>
      {video ? (
        <Typography sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          By video call: {interview.place.label}
        </Typography>
      ) : (
        <Typography sx={{ mb: 1.5 }}>At {interview.place.label}</Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {video && (
          <Button
            variant="contained"
            href={video}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<VideocamOutlined aria-hidden="true" />}
          >
            Join the video call
          </Button>
        )}
        <Button
          variant="outlined"
          href={interviewCalendarHref(token)}
          download="interview.ics"
          startIcon={<CalendarMonthOutlined aria-hidden="true" />}
        >
          Add to calendar
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Interviewing: you ({view.interviewer.name})
        {view.colleagues.length > 0 ? `, ${view.colleagues.join(', ')}` : ''}
      </Typography>
    </Part>
  );
}

function Candidate({ view }: { view: InterviewLinkView }) {
  const { candidate } = view;
  return (
    <Part title="The candidate">
      {candidate.blind ? (
        <Typography sx={{ mb: 1 }}>
          Blind review: the candidate&apos;s name and personal details are not shown, so that you
          judge what they know and can do.
        </Typography>
      ) : (
        <Typography sx={{ fontWeight: 600, mb: 1 }}>
          {candidate.name ?? 'Name not given'}
        </Typography>
      )}
      {!candidate.profile ? (
        <Typography color="text.secondary">The candidate has not filled in a profile.</Typography>
      ) : (
        <>
          {candidate.profile.biography && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {candidate.profile.biography}
            </Typography>
          )}
          {candidate.profile.driversLicense !== null && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Driver&apos;s licence: {candidate.profile.driversLicense ? 'yes' : 'no'}
            </Typography>
          )}
          <ProfileRecordSections profile={candidate.profile} />
        </>
      )}
    </Part>
  );
}

/**
 * What an interviewer without an account opens from their e-mail: the interview in their own
 * time zone, the candidate as the workspace's blind review allows, their scorecard, and their
 * colleagues' scorecards once theirs is in.
 */
export function InterviewLinkContent({
  token,
  timeZone = readerTimeZone(),
}: {
  token: string;
  timeZone?: string;
}) {
  const link = useInterviewLink(token);
  const submit = useSubmitScorecard(token);

  if (token === '' || (link.isError && isApiError(link.error) && link.error.status === 404)) {
    return <LinkClosed what="interview" />;
  }
  if (link.isError) {
    return (
      <Alert severity="error">
        This page could not be loaded. Please check your connection and try again.
      </Alert>
    );
  }
  if (link.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Loading…</Typography>
      </Box>
    );
  }

  const view = link.data;
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 0.5 }}>
        Interview for {view.interview.opportunity.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {view.organization} invited you as an interviewer.
      </Typography>

      <WhenAndWhere view={view} token={token} timeZone={timeZone} />
      <Candidate view={view} />

      <Part title="Your scorecard">
        {view.scorecard && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            Your scorecard is in. You may change it: submitting again replaces it.
          </Alert>
        )}
        {view.criteria.length > 0 && (
          <Typography id="score-scale" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Score each criterion from 1 (poor) to 5 (excellent).
          </Typography>
        )}
        <ScorecardForm
          key={view.scorecard?.submittedAt ?? 'new'}
          criteria={view.criteria}
          given={view.scorecard}
          onSubmit={(scorecard) => submit.mutateAsync(scorecard)}
        />
      </Part>

      <Part title="Your colleagues' scorecards">
        {!view.scorecard ? (
          <Typography color="text.secondary">
            You see your colleagues&apos; scorecards once yours is in.
          </Typography>
        ) : view.others.length === 0 ? (
          <Typography color="text.secondary">No other scorecard yet.</Typography>
        ) : (
          <ScorecardsList scorecards={view.others} criteria={view.criteria} />
        )}
      </Part>
    </>
  );
}

/** The page of `/interview-links/{token}`: not indexed, its address never sent elsewhere. */
export function InterviewLinkPage({ token }: { token: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'center',
        px: { xs: 1.5, sm: 2 },
        py: { xs: 2, md: 4 },
      }}
    >
      <PrivatePageMeta />
      <Box sx={{ width: '100%', maxWidth: 720 }}>
        <InterviewLinkContent token={token} />
      </Box>
    </Box>
  );
}
