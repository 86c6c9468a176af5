import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { MIN_GROUP_SIZE } from '@pathways/shared/analytics/suppression';
import { formatConversion } from '@pathways/shared/campaign-analytics/campaign-analytics.rules';
import {
  CAMPAIGN_ANALYTICS_WEEKS,
  DEFAULT_CAMPAIGN_ANALYTICS_WEEKS,
  type CampaignAnalytics,
  type CampaignAnalyticsRow,
} from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useCampaignAnalytics } from '../api/get-campaign-analytics';
import { people, weekLong } from './format';

// The charts (and their library) load only when there is a campaign to chart.
const WeeklyCharts = lazy(() => import('./weekly-charts'));

const numbers = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** A table that scrolls sideways on a narrow screen, reachable by keyboard. */
function ScrollingTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ overflowX: 'auto' }}
    >
      {children}
    </TableContainer>
  );
}

function CampaignTable({ rows }: { rows: CampaignAnalyticsRow[] }) {
  return (
    <ScrollingTable label="Campaigns and their conversions">
      <Table size="small">
        <caption style={visuallyHidden}>
          Per campaign since it began: visits of its page, sign-ups through it, applicants among
          those sign-ups, and the conversion between them.
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Campaign
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Visits
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Sign-ups
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Sign-ups per visit
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Applicants
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Applicants per sign-up
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                <Link component={RouterLink} to={row.path} sx={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {row.opportunity ? `For ${row.opportunity.name}` : 'For the whole organization'}
                </Typography>
              </TableCell>
              <TableCell sx={numbers}>{row.visits}</TableCell>
              <TableCell sx={numbers}>{people(row.signUps)}</TableCell>
              <TableCell sx={numbers}>{formatConversion(row.signUpRate)}</TableCell>
              <TableCell sx={numbers}>{people(row.applicants)}</TableCell>
              <TableCell sx={numbers}>{formatConversion(row.applicationRate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollingTable>
  );
}

/** The numbers behind a campaign's charts, week by week. */
function WeeksTable({ row }: { row: CampaignAnalyticsRow }) {
  return (
    <ScrollingTable label={`Weekly numbers of ${row.name}`}>
      <Table size="small">
        <caption style={visuallyHidden}>
          {`Visits, sign-ups and applicants of ${row.name} per week, oldest first.`}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Week of
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Visits
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Sign-ups
            </TableCell>
            <TableCell component="th" scope="col" sx={numbers}>
              Applicants
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {row.weeks.map((week) => (
            <TableRow key={week.week}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {weekLong(week.week)}
              </TableCell>
              <TableCell sx={numbers}>{week.visits}</TableCell>
              <TableCell sx={numbers}>{people(week.signUps)}</TableCell>
              <TableCell sx={numbers}>{people(week.applicants)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollingTable>
  );
}

function OverTime({ data }: { data: CampaignAnalytics }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const summaryId = useId();
  const row = data.campaigns.find((c) => c.id === chosen) ?? data.campaigns[0]!;
  const quiet = row.weeks.every((w) => w.visits === 0 && w.signUps === 0 && w.applicants === 0);
  return (
    <Box component="section" aria-labelledby="campaign-analytics-over-time" sx={{ mt: 4 }}>
      <Typography id="campaign-analytics-over-time" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
        Over time
      </Typography>
      <TextField
        select
        label="Campaign"
        value={row.id}
        onChange={(event) => setChosen(Number(event.target.value))}
        sx={{ mb: 3, minWidth: 260, maxWidth: '100%' }}
      >
        {data.campaigns.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {quiet ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {`Nothing happened on ${row.name} between ${weekLong(data.from)} and the end of this week yet. When people open its page, sign up through it and apply, their numbers appear here week by week.`}
        </Alert>
      ) : (
        <Suspense
          fallback={
            <Box role="status" sx={{ mb: 3 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Loading the charts of visits, sign-ups and applicants per week…
              </Typography>
              <Skeleton variant="rounded" height={280} />
            </Box>
          }
        >
          <WeeklyCharts campaignName={row.name} weeks={row.weeks} />
        </Suspense>
      )}
      <Accordion disableGutters variant="outlined">
        <AccordionSummary
          expandIcon={<ExpandMore />}
          aria-controls={`${summaryId}-table`}
          id={summaryId}
        >
          <Typography>The numbers behind these charts, as a table</Typography>
        </AccordionSummary>
        {/* The accordion's region takes the id the summary controls: the details need none. */}
        <AccordionDetails>
          <WeeksTable row={row} />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}

function Loading() {
  return (
    <Box role="status">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Loading your campaigns: the visits of their pages, the people who signed up through them and
        the applications those people made…
      </Typography>
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    </Box>
  );
}

/**
 * /client/analytics/campaigns: per campaign, its page's visits, the sign-ups through it and
 * the applicants among them, with the conversion between each step, and their weeks in charts
 * with their numbers as tables. Groups of fewer than 5 people read "fewer than 5".
 */
export function CampaignAnalyticsView() {
  const [weeks, setWeeks] = useState<number>(DEFAULT_CAMPAIGN_ANALYTICS_WEEKS);
  const query = useCampaignAnalytics(weeks);

  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        Campaign analytics could not be loaded. Check your connection and try again.
      </RetryAlert>
    );
  }
  const data = query.data;
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {data.scope === 'organization'
          ? 'All of your organization’s campaigns.'
          : 'The campaigns of the opportunities you manage.'}{' '}
        Visits count how often a campaign’s page was viewed (page views, not people, so they are
        shown as they are). Sign-ups are people who signed up through the campaign; applicants are
        those of them who applied to its opportunity, or for an organization’s campaign to any of
        your opportunities.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {`To protect people’s privacy, a group of fewer than ${MIN_GROUP_SIZE} people reads “fewer than ${MIN_GROUP_SIZE}”, and so may a week that would let one be worked out from the total.`}
      </Typography>
      {data.campaigns.length === 0 ? (
        <Alert severity="info">
          {data.scope === 'organization' ? (
            <>
              Your organization has no campaigns yet. Once you create a campaign page under{' '}
              <Link component={RouterLink} to={paths.client.campaigns}>
                Campaigns
              </Link>
              , its visits, sign-ups and applicants appear here, week by week.
            </>
          ) : (
            'None of the opportunities you manage has a campaign yet. When one has, its visits, sign-ups and applicants appear here, week by week.'
          )}
        </Alert>
      ) : (
        <>
          <Stack
            direction="row"
            sx={{
              mb: 2,
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 2,
            }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
              Campaigns
            </Typography>
            <TextField
              select
              size="small"
              label="Weeks shown"
              value={weeks}
              onChange={(event) => setWeeks(Number(event.target.value))}
              sx={{ width: 180 }}
            >
              {CAMPAIGN_ANALYTICS_WEEKS.map((n) => (
                <MenuItem key={n} value={n}>
                  {`Last ${n} weeks`}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <CampaignTable rows={data.campaigns} />
          <OverTime data={data} />
        </>
      )}
    </>
  );
}
