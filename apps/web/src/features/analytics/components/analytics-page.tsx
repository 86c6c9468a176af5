import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { withheldMessages } from '@pathways/shared/analytics/analytics.schemas';
import { formatReportedCount, PRIVACY_NOTE } from '@pathways/shared/analytics/suppression';
import { paths } from '@pathways/shared/navigation/paths';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useApplicantsAnalytics } from '../api/analytics';
import { ChartCard } from './chart-card';
import { CriteriaCard } from './criteria-card';
import { DateRange } from './date-range';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

const people = { dimension: '', measure: 'Applicants' };

/**
 * `/client/analytics`: who applies to the organization's opportunities (a non-primary user: to
 * their workspaces), where they drop out, where they come from and who they are. Counts only;
 * a group of fewer than 5 people reads "fewer than 5".
 */
export function AnalyticsPage() {
  const [range, setRange] = useState({ from: '', to: '' });
  const valid = !(range.from && range.to && range.to < range.from);
  const query = useApplicantsAnalytics(valid ? range : { from: range.from, to: '' });
  const data = query.data;
  const loading = query.isPending;
  const withheld = data?.withheld ?? null;
  const nobody = 'Nobody has applied in this period yet';
  const wholeOrg = data?.scope !== 'workspaces';

  return (
    <Page
      title="Analytics"
      subtitle={`Counts of the people who applied to ${wholeOrg ? "your organization's opportunities" : 'the workspaces you manage'}. ${PRIVACY_NOTE}`}
    >
      <Box
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}
        component="section"
        aria-label="Period"
      >
        <DateRange from={range.from} to={range.to} onChange={setRange} />
        <Button component={RouterLink} to={paths.client.analyticsExplorer} variant="outlined">
          Open the explorer
        </Button>
      </Box>
      {query.isError && (
        <RetryAlert onRetry={() => void query.refetch()}>Analytics could not be loaded.</RetryAlert>
      )}
      {withheld && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {withheldMessages[withheld]}
        </Alert>
      )}
      <Typography variant="h5" component="p" sx={{ mb: 2 }} aria-live="polite">
        {loading
          ? 'Counting applicants…'
          : data && !withheld
            ? `${formatReportedCount(data.total)} ${data.total === 1 ? 'applicant' : 'applicants'}`
            : ''}
      </Typography>
      {/* Withheld: the server's reason stands alone, no empty charts beside it. */}
      {!withheld && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Applicants
          </Typography>
          <Box sx={grid}>
            <ChartCard
              title="Applicants per week"
              description="People who applied each week (weeks start on Monday)."
              columns={{ ...people, dimension: 'Week of' }}
              rows={data?.weekly}
              weeks
              loading={loading}
              empty={`${nobody}: each week's applicants will appear here.`}
            />
            <ChartCard
              title="Applicants per opportunity"
              description="People who applied to each opportunity."
              columns={{ ...people, dimension: 'Opportunity' }}
              rows={data?.opportunities}
              loading={loading}
              empty={`${nobody}: the applicants of each opportunity will appear here.`}
              horizontal
              limit={12}
            />
          </Box>

          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
            Phases
          </Typography>
          {!loading && data && data.funnels.length === 0 && (
            <Typography color="text.secondary">
              No workspace has phases yet: once applicants move through them, how many reach each
              phase and how long they wait there appear here.
            </Typography>
          )}
          <Box sx={grid}>
            {loading && (
              <ChartCard
                title="Phases"
                description="How many applicants reached each phase."
                columns={people}
                rows={undefined}
                loading
                empty=""
              />
            )}
            {data?.funnels.map((f) => (
              <ChartCard
                key={f.opportunityId}
                title={`Phases of ${f.name}`}
                description="How many applicants reached each phase, in pipeline order, and the median days they waited there."
                columns={{
                  dimension: 'Phase',
                  measure: 'Applicants who reached it',
                  value: 'Median days there',
                }}
                rows={f.steps.map((s) => ({
                  key: String(s.phaseId),
                  label: s.name,
                  count: s.reached,
                  value: s.medianDays,
                }))}
                empty="This workspace has no phases yet."
                horizontal
              />
            ))}
          </Box>

          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
            Where applicants come from
          </Typography>
          <Box sx={grid}>
            <ChartCard
              title="Provinces"
              description="The province of the place nearest each applicant's home."
              columns={{ ...people, dimension: 'Province' }}
              rows={data?.provinces}
              loading={loading}
              empty={`${nobody}: their provinces will appear here.`}
              horizontal
            />
            <ChartCard
              title="Cities and towns"
              description="The place nearest each applicant's home, most applicants first (the chart shows the first 10, the table all)."
              columns={{ ...people, dimension: 'City or town' }}
              rows={data?.cities}
              loading={loading}
              empty={`${nobody}: their cities and towns will appear here.`}
              horizontal
              limit={10}
            />
          </Box>

          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
            Qualifications
          </Typography>
          <Box sx={grid}>
            <ChartCard
              title="Institutions"
              description="Where applicants studied or study (a person with qualifications from two institutions counts for both)."
              columns={{ ...people, dimension: 'Institution' }}
              rows={data?.institutions}
              loading={loading}
              empty={`${nobody}: their institutions will appear here.`}
              horizontal
              limit={10}
            />
            <ChartCard
              title="Qualification types"
              description="The types of qualification applicants hold or study for."
              columns={{ ...people, dimension: 'Qualification type' }}
              rows={data?.qualificationTypes}
              loading={loading}
              empty={`${nobody}: their qualification types will appear here.`}
              horizontal
              limit={10}
            />
          </Box>

          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
            Demographics
          </Typography>
          <Box sx={grid}>
            <ChartCard
              title="Gender"
              description="Applicants by the gender they state in their profile."
              columns={{ ...people, dimension: 'Gender' }}
              rows={data?.genders}
              loading={loading}
              empty={`${nobody}: their genders will appear here.`}
              horizontal
            />
            <ChartCard
              title="Ethnicity"
              description="Applicants by the population group they state in their profile."
              columns={{ ...people, dimension: 'Ethnicity' }}
              rows={data?.ethnicities}
              loading={loading}
              empty={`${nobody}: their population groups will appear here.`}
              horizontal
            />
            <ChartCard
              title="Disability"
              description="Applicants who state that they have a disability."
              columns={{ ...people, dimension: 'Disability' }}
              rows={data?.disability}
              loading={loading}
              empty={`${nobody}: whether they have a disability will appear here.`}
              horizontal
            />
          </Box>
        </>
      )}

      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        Eligibility
      </Typography>
      <CriteriaCard />
    </Page>
  );
}
