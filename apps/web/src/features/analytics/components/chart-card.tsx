import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useId, type ReactNode } from 'react';

import { formatReportedCount, SUPPRESSED_LABEL } from '@pathways/shared/analytics/suppression';

import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatDisplayDate, formatShortDate } from '../../../lib/dates';
import { shortLabels } from '../utils/short-labels';
import { chartColors } from './palette';

export interface ChartRow {
  key: string;
  label: string;
  count: number | null;
  value?: number | null | undefined;
}

interface Props {
  title: string;
  description: string;
  /** The column heads of the table: the groups, the counts, and an optional value. */
  columns: { dimension: string; measure: string; value?: string };
  rows: ChartRow[] | undefined;
  loading?: boolean;
  /** What the chart will show, said while there is nothing to show. */
  empty: string;
  /** Bars across (for long labels) instead of up. */
  horizontal?: boolean;
  /** Chart the value (median days) instead of the count. */
  chartValue?: boolean;
  /** The chart shows the first `limit` rows; the table shows them all. */
  limit?: number;
  /** The groups are weeks, each named by its Monday (an ISO day). */
  weeks?: boolean;
  /** The value column holds counts (suppressed ones read "fewer than 5"). */
  valueIsCount?: boolean;
  /** Show the table on screen (the explorer); otherwise it is for screen readers only. */
  tableVisible?: boolean;
  action?: ReactNode;
  heading?: 'h2' | 'h3';
}

// The axis of bars across is 150 px wide: at the axis' 12 px type, 20 characters fit in it.
const HORIZONTAL_AXIS_WIDTH = 150;
const HORIZONTAL_TICK_CHARS = 20;

const valueText = (row: ChartRow) =>
  row.value !== null && row.value !== undefined
    ? String(row.value)
    : row.count === null
      ? SUPPRESSED_LABEL
      : '–';

/** One chart with its title, a description and the same numbers as a table. */
export function ChartCard(props: Props) {
  const titleId = useId();
  const descriptionId = useId();
  const { rows, columns } = props;
  const shown = (rows ?? []).slice(0, props.limit ?? rows?.length ?? 0);
  // Nothing to draw: no groups, or only empty ones.
  const nothing = !props.loading && (rows ?? []).every((r) => r.count === 0);
  const height = props.horizontal ? Math.max(160, shown.length * 34 + 60) : 260;
  const dataset = shown.map((r) => ({
    key: r.key,
    y: props.chartValue ? (r.count === null ? null : (r.value ?? null)) : r.count,
  }));
  // The bars are told apart by their keys, and named on the axis by labels short enough to
  // fit whole (a week by its day, "27 Oct"), in the tooltip and the table in full.
  const ticks = props.weeks
    ? shown.map((r) => formatShortDate(r.key))
    : props.horizontal
      ? shortLabels(
          shown.map((r) => r.label),
          HORIZONTAL_TICK_CHARS,
        )
      : shown.map((r) => r.label);
  const tickOf = new Map(shown.map((r, i) => [r.key, ticks[i]!]));
  const nameOf = (row: ChartRow) =>
    props.weeks ? `Week of ${formatDisplayDate(row.key)}` : row.label;
  const fullOf = new Map(shown.map((r) => [r.key, nameOf(r)]));
  const band = {
    scaleType: 'band' as const,
    dataKey: 'key',
    valueFormatter: (key: string, context: { location: string }) =>
      (context.location === 'tick' ? tickOf.get(key) : fullOf.get(key)) ?? key,
  };

  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      sx={{ m: 0, p: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component={props.heading ?? 'h3'}>
          {props.title}
        </Typography>
        {props.action}
      </Box>
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.description}
      </Typography>
      {props.loading ? (
        <Skeleton variant="rectangular" height={200} aria-label={`Loading: ${props.title}`} />
      ) : nothing ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {props.empty}
        </Typography>
      ) : (
        // The chart is for the eye; screen readers and the keyboard get the table below.
        <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
          <BarChart
            dataset={dataset}
            height={height}
            layout={props.horizontal ? 'horizontal' : 'vertical'}
            skipAnimation
            disableKeyboardNavigation
            hideLegend
            // Room on the right for half of the last week's day under bars up ("23 Nov"),
            // which the library would otherwise cut short.
            margin={{ left: 8, right: props.horizontal ? 16 : 32, top: 8, bottom: 8 }}
            {...(props.horizontal
              ? {
                  yAxis: [{ ...band, width: HORIZONTAL_AXIS_WIDTH }],
                  xAxis: [{ tickMinStep: 1 }],
                }
              : {
                  xAxis: [band],
                  yAxis: [{ tickMinStep: 1, width: 40 }],
                })}
            series={[
              {
                dataKey: 'y',
                label: props.chartValue ? (columns.value ?? columns.measure) : columns.measure,
                color: chartColors.primary,
                valueFormatter: (v: number | null) => (v === null ? SUPPRESSED_LABEL : String(v)),
              },
            ]}
          />
        </Box>
      )}
      {!props.loading && !nothing && (
        <TableContainer
          sx={props.tableVisible ? { mt: 2, maxHeight: 480 } : visuallyHidden}
          // A table shown on screen scrolls within its box once it is long: the box takes the
          // keyboard's focus so that arrows scroll it.
          {...(props.tableVisible
            ? { tabIndex: 0, role: 'region', 'aria-label': `${props.title}, as a table` }
            : {})}
        >
          <Table size="small" stickyHeader={props.tableVisible}>
            <caption style={props.tableVisible ? visuallyHiddenStyle : undefined}>
              {props.title}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{columns.dimension}</TableCell>
                <TableCell scope="col" align="right">
                  {columns.measure}
                </TableCell>
                {columns.value && (
                  <TableCell scope="col" align="right">
                    {columns.value}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((r) => (
                <TableRow key={r.key}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {props.weeks ? formatDisplayDate(r.key) : r.label}
                  </TableCell>
                  <TableCell align="right">{formatReportedCount(r.count)}</TableCell>
                  {columns.value && (
                    <TableCell align="right">
                      {props.valueIsCount ? formatReportedCount(r.value ?? null) : valueText(r)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

const visuallyHiddenStyle = visuallyHidden as React.CSSProperties;
