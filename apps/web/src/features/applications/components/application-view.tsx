import EditLocationAlt from '@mui/icons-material/EditLocationAlt';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { applicationStatusLabels } from '@pathways/shared/applications/applications.rules';
import type {
  Application,
  ScreeningQuestion,
} from '@pathways/shared/applications/applications.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

import { Page } from '../../../components/layouts/page';
import { isApiError } from '../../../lib/api-client';
import { EligibilityChecklist } from '../../eligibility';
import { InterviewsSection } from '../../interviews';
import { useHashFocus } from '../../profile';
import { useFinancialSurvey } from '../api/financial-survey';
import { useApplication } from '../api/get-application';
import { useScreeningQuestions } from '../api/get-screening-questions';
import { formatDate, locationLabel } from '../utils/format';
import { ChangeLocationsDialog } from './change-locations-dialog';
import { CompletionBar } from './completion-bar';
import { FINANCIAL_SURVEY_ANCHOR, FinancialSurveySection } from './financial-survey-section';
import { QualifyingOpportunities } from './qualifying-opportunities';
import { StatusChip } from './status-chip';
import { WithdrawDialog } from './withdraw-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
          mb: 1.5,
        }}
      >
        <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function StatusSection({
  application,
  unanswered,
  surveyMissing,
}: {
  application: Application;
  /** A required screening question has no answer yet. */
  unanswered: boolean;
  /** A bursary's financial needs survey is not submitted yet. */
  surveyMissing: boolean;
}) {
  const withdrawn = Boolean(application.archivedAt);
  return (
    <Section id="application-status-heading" title="Status">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <StatusChip status={application.status} size="medium" />
        <Typography variant="body2" color="text.secondary">
          Applied on {formatDate(application.createdAt)}
        </Typography>
      </Box>
      {withdrawn ? (
        <Alert severity="info">
          <AlertTitle>You withdrew this application</AlertTitle>
          You withdrew it on {formatDate(application.archivedAt)}.{' '}
          {application.opportunity.organization.name} no longer considers it.
        </Alert>
      ) : (
        <>
          {application.status === applicationStatusLabels.unsuccessful && (
            <>
              <Alert severity="info" sx={{ mb: 2 }}>
                {application.opportunity.organization.name} did not take your application further.
              </Alert>
              <QualifyingOpportunities excludeId={application.opportunity.id} />
            </>
          )}
          <CompletionBar value={application.completion} label="Application completion" />
          {!application.complete && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Complete{' '}
              <Link component={RouterLink} to={paths.candidate.profile}>
                your profile
              </Link>
              {unanswered && (
                <>
                  {' '}
                  and{' '}
                  <Link
                    component={RouterLink}
                    to={paths.candidate.apply(application.opportunity.id)}
                  >
                    answer the screening questions
                  </Link>
                </>
              )}
              {surveyMissing && (
                <>
                  {' '}
                  and{' '}
                  <Link href={`#${FINANCIAL_SURVEY_ANCHOR}`}>
                    submit the financial needs survey
                  </Link>
                </>
              )}{' '}
              to reach 100%.
            </Typography>
          )}
        </>
      )}
    </Section>
  );
}

function LocationsSection({
  application,
  onChange,
}: {
  application: Application;
  onChange: (() => void) | null;
}) {
  return (
    <Section
      id="application-locations-heading"
      title="Locations"
      action={
        onChange && (
          <Button size="small" startIcon={<EditLocationAlt />} onClick={onChange}>
            Change locations
          </Button>
        )
      }
    >
      {application.locations.length === 0 ? (
        <Typography color="text.secondary">No locations chosen.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Chosen locations"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {application.locations.map((location) => (
            <Box
              component="li"
              key={location.id}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <PlaceOutlined fontSize="small" color="action" aria-hidden sx={{ mt: '2px' }} />
              <Typography sx={{ overflowWrap: 'anywhere' }}>{locationLabel(location)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The screening questions with the candidate's answers, and the way to change them. */
function AnswersSection({
  application,
  questions,
}: {
  application: Application;
  questions: ScreeningQuestion[];
}) {
  const withdrawn = Boolean(application.archivedAt);
  return (
    <Section
      id="application-answers-heading"
      title="Screening questions"
      action={
        !withdrawn && (
          <Button
            size="small"
            component={RouterLink}
            to={paths.candidate.apply(application.opportunity.id)}
            startIcon={<EditOutlined />}
          >
            Change answers
          </Button>
        )
      }
    >
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {questions.map((question) => (
          <div key={question.id}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {question.prompt}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              color={question.answer ? 'text.primary' : 'text.secondary'}
              sx={{ m: 0, mt: 0.25, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {question.answer ??
                (question.required ? 'Not answered yet (required)' : 'Not answered')}
            </Typography>
          </div>
        ))}
      </Box>
    </Section>
  );
}

/** /candidate/applications/{id}: where the application stands, what is missing, what can change. */
export function ApplicationView({ id, notFound }: { id: number; notFound: ReactNode }) {
  const query = useApplication(id);
  const opportunityId = query.data?.opportunity.id ?? 0;
  const screening = useScreeningQuestions(opportunityId, { enabled: opportunityId > 0 });
  const [dialog, setDialog] = useState<'locations' | 'withdraw' | null>(null);
  const bursary = query.data?.opportunity.kind === 'bursary';
  const survey = useFinancialSurvey(id, { enabled: bursary });
  // The to-do list links to a section of this page (#financial-survey): reach it once loaded.
  useHashFocus(Boolean(query.data) && (!bursary || !survey.isPending));

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <>{notFound}</>;
    return (
      <Page title="Application">
        <RetryAlert onRetry={() => void query.refetch()}>
          This application could not be loaded.
        </RetryAlert>
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page title="Application">
        <LinearProgress aria-label="Loading the application" />
      </Page>
    );
  }

  const application = query.data;
  const { opportunity } = application;
  const withdrawn = Boolean(application.archivedAt);
  const questions = screening.data?.items ?? [];
  const unanswered = questions.some((q) => q.required && !q.answer);

  return (
    <Page
      title={opportunity.name}
      subtitle={
        <>
          Your application to {opportunity.organization.name} ·{' '}
          <Link component={RouterLink} to={opportunityPagePath(opportunity.id, opportunity.name)}>
            View the opportunity
          </Link>
        </>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <StatusSection
            application={application}
            unanswered={unanswered && !withdrawn}
            surveyMissing={bursary && !withdrawn && survey.data?.submittedAt === null}
          />
          <InterviewsSection applicationId={application.id} />
          {bursary && <FinancialSurveySection applicationId={application.id} />}
          {questions.length > 0 && (
            <AnswersSection application={application} questions={questions} />
          )}
          {!withdrawn && (
            <Section id="application-eligibility-heading" title="Do you qualify?">
              <EligibilityChecklist opportunityId={opportunity.id} />
            </Section>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <LocationsSection
            application={application}
            onChange={withdrawn ? null : () => setDialog('locations')}
          />
          {!withdrawn && (
            <Section id="application-withdraw-heading" title="Withdraw">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                No longer interested? Withdraw your application. You cannot apply for this
                opportunity again afterwards.
              </Typography>
              <Button variant="outlined" color="error" onClick={() => setDialog('withdraw')}>
                Withdraw application
              </Button>
            </Section>
          )}
        </Box>
      </Box>
      {dialog === 'locations' && (
        <ChangeLocationsDialog application={application} onClose={() => setDialog(null)} />
      )}
      {dialog === 'withdraw' && (
        <WithdrawDialog application={application} onClose={() => setDialog(null)} />
      )}
    </Page>
  );
}
