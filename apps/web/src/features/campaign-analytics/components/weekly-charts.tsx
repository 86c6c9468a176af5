import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId } from 'react';

import { SUPPRESSED_LABEL } from '@pathways/shared/analytics/suppression';
import type { CampaignWeek } from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';

import { chartColours, weekLong, weekShort } from './format';

const HEIGHT = 280;

function Figure({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Box
      component="figure"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      sx={{ m: 0, mb: 3 }}
    >
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        {title}
      </Typography>
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A campaign's weeks as two charts: page visits (bars), and sign-ups with applicants (lines,
 * told apart by colour, mark shape and dashes). A week of fewer than 5 people is a gap.
 */
export default function WeeklyCharts({
  campaignName,
  weeks,
}: {
  campaignName: string;
  weeks: CampaignWeek[];
}) {
  const labels = weeks.map((w) => w.week);
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: labels,
      valueFormatter: (value: string, context: { location: string }) =>
        context.location === 'tick' ? weekShort(value) : `Week of ${weekLong(value)}`,
    },
  ];
  const peopleFormatter = (value: number | null) =>
    value === null ? SUPPRESSED_LABEL : String(value);
  return (
    <>
      <Figure
        title={`Visits per week: ${campaignName}`}
        description="How often the campaign's page was viewed each week (Monday to Sunday). Views by browsers only; nothing about the visitor is kept."
      >
        <BarChart
          height={HEIGHT}
          xAxis={xAxis}
          yAxis={[{ tickMinStep: 1, width: 48 }]}
          series={[
            { data: weeks.map((w) => w.visits), label: 'Visits', color: chartColours.visits },
          ]}
          hideLegend
          skipAnimation
        />
      </Figure>
      <Figure
        title={`Sign-ups and applicants per week: ${campaignName}`}
        description={`People who signed up through the campaign each week, and those of them who applied, by the week of their first application. Weeks of ${SUPPRESSED_LABEL} people are left out of the lines.`}
      >
        <LineChart
          height={HEIGHT}
          xAxis={[{ ...xAxis[0]!, scaleType: 'point' as const }]}
          yAxis={[{ tickMinStep: 1, width: 48 }]}
          series={[
            {
              data: weeks.map((w) => w.signUps),
              label: 'Sign-ups',
              color: chartColours.signUps,
              shape: 'circle',
              curve: 'linear',
              showMark: true,
              valueFormatter: peopleFormatter,
            },
            {
              id: 'applicants',
              data: weeks.map((w) => w.applicants),
              label: 'Applicants',
              color: chartColours.applicants,
              shape: 'square',
              curve: 'linear',
              showMark: true,
              valueFormatter: peopleFormatter,
            },
          ]}
          sx={{ '& .MuiLineChart-line[data-series="applicants"]': { strokeDasharray: '6 4' } }}
          skipAnimation
        />
      </Figure>
    </>
  );
}
