import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';

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
import { formatReportedCount, PRIVACY_NOTE } from '@pathways/shared/analytics/suppression';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import {
  DisciplinesField,
  EligibilityField,
  EthnicitiesField,
  FilterSwitch,
  GendersField,
  InstitutionsField,
  QualificationCategoriesField,
  QualificationTypesField,
  switchLabels,
} from '../../applicants/filters';
import { useWorkspaces } from '../../workspaces';
import { useExplorer } from '../api/analytics';
import type { ExplorerChoice, ExplorerFilters } from '../utils/explorer-params';
import { useExplorerChoice } from '../utils/use-explorer-choice';
import { ChartCard } from './chart-card';
import { DateRange } from './date-range';

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
 * `/client/analytics/explorer`: one measure broken down by one dimension, with every filter the
 * API takes (the tracker's controls for the tracker's filters), as a chart and the table beside
 * it; the CSV holds exactly what the table shows. The choices live in the address.
 */
export function ExplorerPage() {
  const { choice, update, clear } = useExplorerChoice();
  const workspaces = useWorkspaces(true);
  const rangeValid = !(choice.from && choice.to && choice.to < choice.from);
  const query = useExplorer(rangeValid ? choice : { ...choice, to: '' });
  const set = (patch: Partial<ExplorerChoice>) => update((c) => ({ ...c, ...patch }));
  const filter =
    <K extends keyof ExplorerFilters>(key: K) =>
    (value: ExplorerFilters[K] | undefined) =>
      update((c) => ({ ...c, filters: { ...c.filters, [key]: value } }));
  const { filters } = choice;
  const result = query.data;
  const measure = measureLabels[choice.measure];
  const dimension = dimensionLabels[choice.dimension];
  const isTime = choice.measure === 'timeInPhase';
  const columns = {
    dimension,
    measure: countLabel[choice.measure],
    ...(isTime ? { value: 'Median days in phase' } : {}),
  };
  const withheld = result?.withheld ?? null;
  const rows = withheld ? [] : result?.rows;

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
      subtitle={`Pick what to count, what to break it down by, and filters. ${PRIVACY_NOTE}`}
    >
      <Paper
        variant="outlined"
        component="section"
        aria-label="What to show"
        sx={{ p: 2, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
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
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="explorer-filters-heading"
        sx={{ p: 2, mb: 3 }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 2,
          }}
        >
          <Typography id="explorer-filters-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
            Filters
          </Typography>
          <Button size="small" onClick={clear}>
            Clear filters
          </Button>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
            gap: 2,
            alignItems: 'start',
          }}
        >
          <QualificationTypesField
            id="explorer-types"
            value={filters.types}
            onChange={filter('types')}
          />
          <QualificationCategoriesField
            id="explorer-categories"
            value={filters.categories}
            onChange={filter('categories')}
          />
          <InstitutionsField
            id="explorer-institutions"
            value={filters.institutions}
            onChange={filter('institutions')}
          />
          <DisciplinesField
            id="explorer-disciplines"
            value={filters.disciplines}
            onChange={filter('disciplines')}
          />
          <EligibilityField
            id="explorer-eligibility"
            value={filters.eligible}
            onChange={filter('eligible')}
          />
          <GendersField
            id="explorer-genders"
            value={filters.genders}
            onChange={filter('genders')}
          />
          <EthnicitiesField
            id="explorer-ethnicities"
            value={filters.ethnicities}
            onChange={filter('ethnicities')}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, mt: 1 }}>
          {(['complete', 'referred'] as const).map((key) => (
            <FilterSwitch
              key={key}
              label={switchLabels[key]}
              checked={filters[key] === true}
              onChange={filter(key)}
            />
          ))}
        </Box>
      </Paper>
      {query.isError && (
        <RetryAlert onRetry={() => void query.refetch()}>
          The numbers could not be loaded.
        </RetryAlert>
      )}
      {withheld && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {withheldMessages[withheld]}
        </Alert>
      )}
      <Typography variant="h6" component="p" sx={{ mb: 2 }} aria-live="polite">
        {query.isPending
          ? 'Counting…'
          : result && !withheld
            ? `Total: ${formatReportedCount(result.total)}`
            : ''}
      </Typography>
      {/* Withheld: the server's reason stands alone, no empty chart beside it. */}
      {!withheld && (
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
          empty="Nothing to count yet for this choice: the groups will appear here once there are people in them."

          horizontal={choice.dimension !== 'week'}
          weeks={choice.dimension === 'week'}
          tableVisible
          action={
            <Button variant="outlined" onClick={csv} disabled={!rows || rows.length === 0}>
              Download CSV
            </Button>
          }
        />
      )}
    </Page>
  );
}
