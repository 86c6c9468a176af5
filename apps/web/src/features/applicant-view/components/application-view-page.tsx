import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { Link as RouterLink } from 'react-router';

import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { formatDay } from '../../documents';
import { ColleagueFeedback } from '../../feedback';
import { ClientInterviewsSection } from '../../interviews';
import { useApplicantActions } from '../api/applicant-actions';
import { useApplicationView } from '../api/application-view';
import { useBlindReview } from '../hooks/use-blind-review';
import { applicantWalk } from '../navigation';
import { applicantName, initialsOf } from '../utils/blind';
import {
  DocumentsSection,
  EligibilitySection,
  HistorySection,
  PsychometricsSection,
  ScreeningSection,
} from './application-sections';
import { ApplicantActions, refusal } from './applicant-actions';
import { ProfileSection } from './profile-section';
import { RatingControl } from './rating-control';
import { Section } from './section';
import { ChatThread } from '../../messages';
import { useHashFocus } from '../../profile';

/** Previous / Next along the tracker's list, when the tracker left one for this opportunity. */
function WalkButtons({
  opportunityId,
  applicationId,
}: {
  opportunityId: number;
  applicationId: number;
}) {
  const walk = applicantWalk(opportunityId, applicationId);
  if (!walk) return null;
  const to = (id: number) => paths.client.application(opportunityId, id);
  return (
    <Box
      component="nav"
      aria-label="Applicants"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Button
        size="small"
        startIcon={<ArrowBack />}
        disabled={walk.previous === null}
        {...(walk.previous !== null ? { component: RouterLink, to: to(walk.previous) } : {})}
      >
        Previous
      </Button>
      <Typography variant="body2" color="text.secondary">
        {walk.position} of {walk.total}
      </Typography>
      <Button
        size="small"
        endIcon={<ArrowForward />}
        disabled={walk.next === null}
        {...(walk.next !== null ? { component: RouterLink, to: to(walk.next) } : {})}
      >
        Next
      </Button>
    </Box>
  );
}

/** The manager's 1 to 5 stars: changed at once, put back when the server refuses. */
function ApplicantRating({
  view,
  opportunityId,
  who,
}: {
  view: ApplicationView;
  opportunityId: number;
  who: string;
}) {
  const { rate } = useApplicantActions(opportunityId, view.application.id);
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box
      role="group"
      aria-labelledby="rating-label"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <Typography variant="body2" color="text.secondary" id="rating-label">
        Rating
      </Typography>
      <RatingControl
        value={view.application.rating}
        who={who}
        onRate={(rating, previous) => rate.mutateAsync({ rating, previous })}
        onError={(error) =>
          enqueueSnackbar(refusal(error, 'The rating could not be saved'), { variant: 'error' })
        }
      />
    </Box>
  );
}

function Header({
  view,
  blind,
  opportunityId,
}: {
  view: ApplicationView;
  blind: boolean;
  opportunityId: number;
}) {
  const name = applicantName(view, blind);
  const { application } = view;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar
        src={blind ? undefined : (view.candidate.avatar ?? undefined)}
        alt={blind ? '' : `Photo of ${name}`}
        sx={{
          width: 64,
          height: 64,
          fontSize: '1.5rem',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
        }}
      >
        {initialsOf(name)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Chip
            size="small"
            color="secondary"
            label={application.phase ? `Phase: ${application.phase.name}` : 'No phase'}
          />
          {application.regrettedAt && (
            <Chip
              size="small"
              color="error"
              label={`Regretted ${formatDay(application.regrettedAt)}`}
            />
          )}
          {application.archivedAt && (
            <Chip size="small" label={`Withdrawn ${formatDay(application.archivedAt)}`} />
          )}
          {view.candidate.reported && (
            <Chip size="small" color="warning" label="Reported: profile irregularity" />
          )}
          <ApplicantRating view={view} opportunityId={opportunityId} who={name} />
          <Typography variant="body2" color="text.secondary">
            Applied {formatDay(application.createdAt)} · profile {application.completion} % complete
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/** /client/opportunities/{id}/applications/{appId}: one applicant, for the opportunity's managers. */
export function ApplicationViewPage({
  opportunityId,
  applicationId,
}: {
  opportunityId: number;
  applicationId: number;
}) {
  const query = useApplicationView(opportunityId, applicationId);
  const { blind, setBlind } = useBlindReview();
  // The inbox opens a conversation at `#messages`: its thread comes into view, ready to answer.
  useHashFocus(query.isSuccess);

  if (query.isPending) {
    return (
      <Page title="Application">
        <LinearProgress aria-label="Loading the application" />
      </Page>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Page title="Application">
        {missing ? (
          <Typography>
            This application does not exist or you do not manage its opportunity.{' '}
            <RouterLink to={paths.client.opportunities}>Back to your workspaces</RouterLink>
          </Typography>
        ) : (
          <RetryAlert onRetry={() => void query.refetch()}>
            The application could not be loaded.
          </RetryAlert>
        )}
      </Page>
    );
  }

  const view = query.data;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Button
          component={RouterLink}
          to={paths.client.applications(opportunityId)}
          size="small"
          startIcon={<ArrowBack />}
        >
          All applicants
        </Button>
        <WalkButtons opportunityId={opportunityId} applicationId={applicationId} />
      </Box>
      <Header view={view} blind={blind} opportunityId={opportunityId} />
      <ApplicantActions view={view} opportunityId={opportunityId} />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Switch checked={blind} onChange={(_e, on) => setBlind(on)} />}
        label="Blind review (hide who the applicant is)"
      />
      <Stack spacing={2} sx={{ mt: 2 }}>
        <ProfileSection view={view} blind={blind} today={today} />
        <DocumentsSection view={view} blind={blind} />
        <EligibilitySection view={view} blind={blind} />
        <ScreeningSection view={view} />
        <PsychometricsSection view={view} />
        <ColleagueFeedback feedback={view.feedback} ownRating={view.application.rating} />
        <ClientInterviewsSection
          opportunityId={opportunityId}
          applicationId={applicationId}
          candidate={applicantName(view, blind)}
        />
        <HistorySection opportunityId={opportunityId} applicationId={applicationId} />
        <Section id="messages" title="Messages">
          <ChatThread
            target={{ side: 'client', opportunityId, applicationId }}
            label="Messages with the applicant"
          />
        </Section>
      </Stack>
    </Container>
  );
}
