import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import type { InterviewLinkView } from '@pathways/shared/interviews/interviews.schemas';

import { interviewCalendarHref, useInterviewLink, useSubmitScorecard } from '../api/interview-link';
import { interviewWhen, readerTimeZone, zoneLabel } from '../../interviews';
import { GuestCandidateDetails } from './guest-candidate';
import { LinkFrame, LinkLoadState } from './link-frame';
import { LinkPart as Part } from './link-part';
import { ScorecardForm } from './scorecard-form';
import { ScorecardsList } from './scorecards-list';

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
  return (
    <Part title="The candidate">
      <GuestCandidateDetails candidate={view.candidate} />
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

  const waiting = <LinkLoadState token={token} query={link} what="interview" />;
  if (!link.isSuccess || token === '') return waiting;

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
    <LinkFrame>
      <InterviewLinkContent token={token} />
    </LinkFrame>
  );
}
