import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Download from '@mui/icons-material/Download';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';

import type {
  ApplicantCriterion,
  ApplicationView,
} from '@pathways/shared/applicants/application-view.schemas';
import { documentKindLabels } from '@pathways/shared/documents/documents.schemas';
import type { PhaseEvent } from '@pathways/shared/screening/screening.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { formatBytes, formatDay } from '../../documents';
import { usePhases } from '../../pipeline';
import { useDownloadApplicantDocument, usePhaseEvents } from '../api/application-view';
import { Section } from './section';

/** The applicant's documents, each downloaded with the client's token (and recorded). */
export function DocumentsSection({ view, blind }: { view: ApplicationView; blind: boolean }) {
  const download = useDownloadApplicantDocument();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Section id="documents" title="Documents">
      {view.documents.length === 0 ? (
        <Typography variant="body2">No documents uploaded.</Typography>
      ) : (
        <List disablePadding>
          {view.documents.map((document, index) => {
            // A file's own name often carries the candidate's name.
            const name = blind
              ? `${documentKindLabels[document.kind]} ${index + 1}`
              : document.originalName;
            return (
              <ListItem
                key={document.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<Download />}
                    aria-label={`Download ${name}`}
                    loading={
                      download.isPending && download.variables?.downloadUrl === document.downloadUrl
                    }
                    onClick={() =>
                      download.mutate(document, {
                        onError: () =>
                          enqueueSnackbar(`${name} could not be downloaded. Please try again.`, {
                            variant: 'error',
                          }),
                      })
                    }
                  >
                    Download
                  </Button>
                }
                sx={{ pr: 14 }}
              >
                <ListItemText
                  primary={name}
                  secondary={`${documentKindLabels[document.kind]} · ${formatBytes(document.byteSize)} · uploaded ${formatDay(document.createdAt)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Section>
  );
}

const statusIcon = {
  met: <CheckCircleOutline color="success" />,
  unmet: <CancelOutlined color="error" />,
  unknown: <HelpOutline color="action" />,
} as const;
const statusWord = { met: 'Met', unmet: 'Not met', unknown: 'Unknown' } as const;

function Criterion({ criterion, blind }: { criterion: ApplicantCriterion; blind: boolean }) {
  return (
    <ListItem disableGutters alignItems="flex-start">
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>{statusIcon[criterion.status]}</ListItemIcon>
      <ListItemText
        primary={
          <>
            <Box component="span" sx={{ fontWeight: 500 }}>
              {statusWord[criterion.status]}:
            </Box>{' '}
            {criterion.description}
          </>
        }
        // The reason of an age requirement states the applicant's age.
        secondary={blind && criterion.kind === 'age' ? 'Hidden in blind review' : criterion.reason}
      />
    </ListItem>
  );
}

/** Every requirement of the opportunity, met, not met or unknown, with why. */
export function EligibilitySection({ view, blind }: { view: ApplicationView; blind: boolean }) {
  const { eligible, criteria } = view.eligibility;
  return (
    <Section id="eligibility" title="Eligibility checklist">
      {criteria.length === 0 ? (
        <Typography variant="body2">This opportunity has no requirements.</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {eligible ? 'Meets every requirement.' : 'Does not meet every requirement.'}
          </Typography>
          <List disablePadding>
            {criteria.map((c) => (
              <Criterion key={c.requirementId} criterion={c} blind={blind} />
            ))}
          </List>
        </>
      )}
    </Section>
  );
}

export function ScreeningSection({ view }: { view: ApplicationView }) {
  return (
    <Section id="screening" title="Screening answers">
      {view.screeningAnswers.length === 0 ? (
        <Typography variant="body2">This opportunity asks no screening questions.</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0 }}>
          {view.screeningAnswers.map((a) => (
            <Box key={a.questionId} sx={{ mb: 2 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
                {a.question}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                color={a.answer === null ? 'text.secondary' : undefined}
                sx={{ m: 0, whiteSpace: 'pre-line' }}
              >
                {a.answer ?? 'Not answered'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

export function PsychometricsSection({ view }: { view: ApplicationView }) {
  return (
    <Section id="psychometrics" title="Psychometrics">
      {view.psychometrics.length === 0 ? (
        <Typography variant="body2">No assessment results.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {view.psychometrics.map((p) => (
            <Box component="li" key={p.item} sx={{ mb: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2">{p.item}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {p.aggregate} / 100
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={p.aggregate}
                aria-label={`${p.item}: ${p.aggregate} of 100`}
              />
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

const eventWords: Record<PhaseEvent['kind'], string> = {
  applied: 'Applied',
  moved: 'Moved',
  regretted: 'Regretted',
  archived: 'Withdrawn by the candidate',
  reinstated: 'Reinstated',
};

/** The application's way through the pipeline, oldest first. */
export function HistorySection({
  opportunityId,
  applicationId,
}: {
  opportunityId: number;
  applicationId: number;
}) {
  const events = usePhaseEvents(opportunityId, applicationId);
  const phases = usePhases(opportunityId);
  const phaseName = (id: number | null) =>
    id === null ? null : (phases.data?.items.find((p) => p.id === id)?.name ?? null);

  return (
    <Section id="history" title="Phase history">
      {events.isPending ? (
        <LinearProgress aria-label="Loading the history" />
      ) : events.isError ? (
        <RetryAlert onRetry={() => void events.refetch()}>
          The history could not be loaded.
        </RetryAlert>
      ) : events.data.length === 0 ? (
        <Typography variant="body2">No history yet</Typography>
      ) : (
        <List disablePadding>
          {events.data.map((event) => {
            const to = phaseName(event.phaseId);
            const from = phaseName(event.fromPhaseId);
            const what =
              event.kind === 'moved' && to
                ? `Moved${from ? ` from ${from}` : ''} to ${to}`
                : `${eventWords[event.kind]}${to && to !== eventWords[event.kind] ? ` (phase ${to})` : ''}`;
            return (
              <ListItem key={event.id} disableGutters>
                <ListItemText
                  primary={what}
                  secondary={`${formatDay(event.createdAt)}${event.actor ? ` · by ${event.actor.name}` : ''}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Section>
  );
}
