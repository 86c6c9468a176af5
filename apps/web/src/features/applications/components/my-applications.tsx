import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import type { ApplicationSummary } from '@pathways/shared/applications/applications.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { useApplications } from '../api/get-applications';
import { formatDate } from '../utils/format';
import { CompletionBar } from './completion-bar';
import { StatusChip } from './status-chip';
import { RetryAlert } from '../../../components/ui/retry-alert';

/** The counts per status, most frequent first, as chips ("Interview 2"). */
function StatusCounts({ counts }: { counts: Record<string, number> }) {
  const entries = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Applications per status"
      sx={{ listStyle: 'none', m: 0, mb: 2, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {entries.map(([status, count]) => (
        <li key={status}>
          <Chip
            variant="outlined"
            label={
              <>
                {status}{' '}
                <Box component="strong" sx={{ ml: 0.5 }}>
                  {count}
                </Box>
              </>
            }
            data-testid={`status-count-${status}`}
          />
        </li>
      ))}
    </Box>
  );
}

function ApplicationRow({ application }: { application: ApplicationSummary }) {
  const { opportunity } = application;
  return (
    <Box component="li" sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box
        component={RouterLink}
        to={paths.candidate.application(application.id)}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 10rem auto' },
          gridTemplateAreas: {
            xs: '"main go" "bar go"',
            sm: '"main bar go"',
          },
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
          px: { xs: 2, sm: 2.5 },
          py: 1.5,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Box sx={{ gridArea: 'main', minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {opportunity.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {opportunity.organization.name} ·{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              Applied {formatDate(application.createdAt)}
            </Box>
          </Typography>
          <Box sx={{ mt: 0.75 }}>
            <StatusChip status={application.status} />
          </Box>
        </Box>
        <Box sx={{ gridArea: 'bar', minWidth: 0 }}>
          {!application.archivedAt && (
            <CompletionBar
              value={application.completion}
              label={`Completion of your application for ${opportunity.name}`}
              showLabel={false}
            />
          )}
        </Box>
        <ChevronRight color="action" aria-hidden sx={{ gridArea: 'go' }} />
      </Box>
    </Box>
  );
}

/** The dashboard's "My applications": counts per status and the list, newest first. */
export function MyApplications() {
  const { data, isError, refetch } = useApplications();

  return (
    <Box component="section" aria-labelledby="my-applications-heading">
      <Typography id="my-applications-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        My applications
      </Typography>
      {isError ? (
        <RetryAlert onRetry={() => void refetch()}>
          Your applications could not be loaded.
        </RetryAlert>
      ) : !data ? (
        <LinearProgress aria-label="Loading your applications" />
      ) : data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography sx={{ mb: 2 }}>
            You have not applied for anything yet. Find jobs, bursaries and scholarships you qualify
            for.
          </Typography>
          <Button component={RouterLink} to={paths.opportunities} variant="contained">
            Find opportunities
          </Button>
        </Paper>
      ) : (
        <>
          <StatusCounts counts={data.counts} />
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <Box component="ul" aria-label="Applications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.items.map((application) => (
                <ApplicationRow key={application.id} application={application} />
              ))}
            </Box>
          </Paper>
          {data.total > data.items.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Showing your {data.items.length} most recent of {data.total} applications.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
