import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';
import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';

import { Page } from '../../../components/layouts/page';
import { isApiError } from '../../../lib/api-client';
import { EligibilityChecklist, useCurrentEligibility } from '../../eligibility';
import { useApplication } from '../api/get-application';
import { useOpportunity, windowState } from '../../opportunities';
import { useScreeningQuestions } from '../api/get-screening-questions';
import { ApplyForm } from './apply-form';
import { RetryAlert } from '../../../components/ui/retry-alert';

/** Why an opportunity takes no applications now, in the words of the contract; null when open. */
export function closedMessage(
  opportunity: Pick<OpportunityDetail, 'isOpen' | 'opensAt' | 'closesAt'>,
  now = new Date(),
): string | null {
  switch (windowState(opportunity, now)) {
    case 'open':
      return null;
    case 'closed':
      return m.closed;
    case 'upcoming':
      return m.notOpenYet;
    default:
      return m.notPublished;
  }
}

function Loading() {
  return (
    <Page title="Apply">
      <LinearProgress aria-label="Loading the opportunity" />
    </Page>
  );
}

/**
 * /candidate/opportunities/{id}/apply: the opportunity, then the form. Once applied, the same
 * page changes the application's locations and answers (the to-do list links here for them).
 */
export function ApplyView({
  opportunityId,
  notFound,
}: {
  opportunityId: number;
  notFound: ReactNode;
}) {
  const opportunity = useOpportunity(opportunityId);
  const questions = useScreeningQuestions(opportunityId);
  const applicationId = questions.data?.applicationId ?? null;
  const existing = useApplication(applicationId ?? 0, { enabled: applicationId !== null });
  // What is missing shows above a new application's form, as on the opportunity page.
  const eligibility = useCurrentEligibility(opportunityId, {
    enabled: opportunity.data?.isOpen === true && questions.data?.applicationId === null,
  });

  const missing = [opportunity.error, questions.error, existing.error].some(
    (error) => isApiError(error) && error.status === 404,
  );
  if (missing) return <>{notFound}</>;
  if (opportunity.isError || questions.isError || existing.isError) {
    return (
      <Page title="Apply">
        <RetryAlert
          onRetry={() => {
            void opportunity.refetch();
            void questions.refetch();
          }}
        >
          This opportunity could not be loaded.
        </RetryAlert>
      </Page>
    );
  }
  if (!opportunity.data || !questions.data || (applicationId !== null && !existing.data)) {
    return <Loading />;
  }

  const detail = opportunity.data;
  const application = existing.data;
  const subtitle = (
    <>
      {detail.organization.name} ·{' '}
      <Link component={RouterLink} to={opportunityPagePath(detail.id, detail.name)}>
        View the opportunity
      </Link>
    </>
  );

  if (application?.archivedAt || (application && questions.data.items.length === 0)) {
    return (
      <Page title={`Apply for ${detail.name}`} subtitle={subtitle} maxWidth="md">
        <Alert
          severity="info"
          action={
            <Button
              component={RouterLink}
              to={paths.candidate.application(application.id)}
              color="inherit"
              size="small"
            >
              View my application
            </Button>
          }
        >
          {application.archivedAt ? m.withdrawnBefore : m.alreadyApplied}
        </Alert>
      </Page>
    );
  }

  const closed = application ? null : closedMessage(detail);
  if (closed) {
    return (
      <Page title={`Apply for ${detail.name}`} subtitle={subtitle} maxWidth="md">
        <Alert severity="warning">
          <AlertTitle>You cannot apply now</AlertTitle>
          {closed}
        </Alert>
        <Box sx={{ mt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.opportunities} variant="contained">
            Find other opportunities
          </Button>
          <Button component={RouterLink} to={paths.opportunity(detail.id)}>
            Back to the opportunity
          </Button>
        </Box>
      </Page>
    );
  }

  if (!application && !eligibility.data && eligibility.isChecking) return <Loading />;
  const notQualified = !application && eligibility.data && !eligibility.data.eligible;

  return (
    <Page
      title={application ? `Your application for ${detail.name}` : `Apply for ${detail.name}`}
      subtitle={subtitle}
      maxWidth="md"
    >
      {application && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {m.alreadyApplied}. You can change your locations and answers here.
        </Alert>
      )}
      {notQualified && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Typography sx={{ mb: 2 }}>
            You do not meet every requirement of this opportunity yet. You can still apply, but
            applicants who qualify are considered first.
          </Typography>
          {/* The page's own check, just made: the list shows it rather than checking again. */}
          <EligibilityChecklist opportunityId={detail.id} since={eligibility.since} />
        </Paper>
      )}
      <ApplyForm opportunity={detail} questions={questions.data.items} existing={application} />
    </Page>
  );
}
