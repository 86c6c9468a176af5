import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { analyticsCsv } from '@pathways/shared/analytics/analytics.rules';
import {
  analyticsMeasures,
  dimensionLabels,
  dimensionsOf,
  measureLabels,
  withheldMessages,
  type AnalyticsDimension,
  type AnalyticsMeasure,
} from '@pathways/shared/analytics/analytics.schemas';
import { formatReportedCount, SUPPRESSED_LABEL } from '@pathways/shared/analytics/suppression';
import {
  ethnicities,
  ethnicityLabels,
  genderLabels,
  genders,
} from '@pathways/shared/profile/profile.schemas';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useWorkspaces } from '../../workspaces';
import { useExplorer, type ExplorerChoice } from '../api/analytics';
import { ChartCard } from './chart-card';
import { DateRange } from './date-range';

const initial: ExplorerChoice = {
  measure: 'applicants',
  dimension: 'week',
  from: '',
  to: '',
  opportunities: [],
  genders: [],
  ethnicities: [],
  complete: false,
  eligible: '',
};

/** People counted by each measure, for the column head. */
const countLabel: Record<AnalyticsMeasure, string> = {
  applicants: 'Applicants',
  eligible: 'Eligible candidates',
  invites: 'Candidates invited',
  regrets: 'Applicants regretted',
  timeInPhase: 'Applicants',
};

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function MultiSelect<T extends string | number>(props: {
  id: string;
  label: string;
  value: T[];
  options: { value: T; label: string }[];
  onChange: (value: T[]) => void;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 180, maxWidth: '100%' }}>
      <InputLabel id={props.id}>{props.label}</InputLabel>
      <Select<T[]>
        labelId={props.id}
        label={props.label}
        multiple
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T[])}
        renderValue={(selected) =>
          props.options
            .filter((o) => selected.includes(o.value))
            .map((o) => o.label)
            .join(', ')
        }
      >
        {props.options.map((o) => (
          <MenuItem key={String(o.value)} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * `/client/analytics/explorer`: one measure broken down by one dimension, with filters, as a
 * chart and the table beside it; the CSV holds exactly what the table shows.
 */
export function ExplorerPage() {
  const [choice, setChoice] = useState<ExplorerChoice>(initial);
  const workspaces = useWorkspaces(true);
  const rangeValid = !(choice.from && choice.to && choice.to < choice.from);
  const query = useExplorer(rangeValid ? choice : { ...choice, to: '' });
  const set = (patch: Partial<ExplorerChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const result = query.data;
  const measure = measureLabels[choice.measure];
  const dimension = dimensionLabels[choice.dimension];
  const isTime = choice.measure === 'timeInPhase';
  const columns = {
    dimension,
    measure: countLabel[choice.measure],
    ...(isTime ? { value: 'Median days in phase' } : {}),
  };
  const rows = result?.withheld ? [] : result?.rows;

  const csv = () => {
    if (!result) return;
    download(
      `${choice.measure}-by-${choice.dimension}.csv`,
      analyticsCsv(columns, result.rows, result.total),
    );
  };

  return (
    <Page
      title="Analytics explorer"
      subtitle={`Pick what to count, what to break it down by, and filters. Any group smaller than 5 people shows "${SUPPRESSED_LABEL}".`}
    >
      <Paper
        variant="outlined"
        component="section"
        aria-label="What to show"
        sx={{ p: 2, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="explorer-measure">Measure</InputLabel>
          <Select
            labelId="explorer-measure"
            label="Measure"
            value={choice.measure}
            onChange={(e) => {
              const next = e.target.value as AnalyticsMeasure;
              set({
                measure: next,
                dimension: dimensionsOf(next).includes(choice.dimension)
                  ? choice.dimension
                  : 'week',
              });
            }}
          >
            {analyticsMeasures.map((m) => (
              <MenuItem key={m} value={m}>
                {measureLabels[m]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="explorer-dimension">Broken down by</InputLabel>
          <Select
            labelId="explorer-dimension"
            label="Broken down by"
            value={choice.dimension}
            onChange={(e) => set({ dimension: e.target.value as AnalyticsDimension })}
          >
            {dimensionsOf(choice.measure).map((d) => (
              <MenuItem key={d} value={d}>
                {dimensionLabels[d]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <DateRange from={choice.from} to={choice.to} onChange={(r) => set(r)} />
        <MultiSelect
          id="explorer-opportunities"
          label="Opportunities"
          value={choice.opportunities}
          options={(workspaces.data?.items ?? []).map((w) => ({ value: w.id, label: w.name }))}
          onChange={(opportunities) => set({ opportunities })}
        />
        <MultiSelect
          id="explorer-genders"
          label="Genders"
          value={choice.genders}
          options={genders.map((g) => ({ value: g, label: genderLabels[g] }))}
          onChange={(value) => set({ genders: value })}
        />
        <MultiSelect
          id="explorer-ethnicities"
          label="Ethnicities"
          value={choice.ethnicities}
          options={ethnicities.map((g) => ({ value: g, label: ethnicityLabels[g] }))}
          onChange={(value) => set({ ethnicities: value })}
        />
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="explorer-eligible">Eligibility</InputLabel>
          <Select
            labelId="explorer-eligible"
            label="Eligibility"
            value={choice.eligible}
            onChange={(e) => set({ eligible: e.target.value as ExplorerChoice['eligible'] })}
          >
            <MenuItem value="">Anyone</MenuItem>
            <MenuItem value="true">Eligible</MenuItem>
            <MenuItem value="false">Not eligible</MenuItem>
          </Select>
        </FormControl>
        <FormControlLabel
          control={
            <Checkbox
              checked={choice.complete}
              onChange={(e) => set({ complete: e.target.checked })}
            />
          }
          label="Complete only"
        />
        <Button onClick={() => setChoice(initial)}>Clear</Button>
      </Paper>
      {query.isError && (
        <RetryAlert onRetry={() => void query.refetch()}>
          The numbers could not be loaded.
        </RetryAlert>
      )}
      {result?.withheld && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {withheldMessages[result.withheld]}
        </Alert>
      )}
      <Typography variant="h6" component="p" sx={{ mb: 2 }} aria-live="polite">
        {query.isPending
          ? 'Counting…'
          : result && !result.withheld
            ? `Total: ${formatReportedCount(result.total)}`
            : ''}
      </Typography>
      <ChartCard
        heading="h2"
        title={`${measure} by ${dimension.toLowerCase()}`}
        description={
          isTime
            ? 'The median days applicants spent in a phase (still there: until now), for each group.'
            : `How many people are in each group.`
        }
        columns={columns}
        rows={rows}
        chartValue={isTime}
        loading={query.isPending}
        empty={
          result?.withheld
            ? 'Nothing is shown for these filters.'
            : 'Nothing to count yet for this choice: the groups will appear here once there are people in them.'
        }
        horizontal={choice.dimension !== 'week'}
        tableVisible
        action={
          <Button variant="outlined" onClick={csv} disabled={!rows || rows.length === 0}>
            Download CSV
          </Button>
        }
      />
    </Page>
  );
}
