import FilterList from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useCallback, useMemo, useState, type ReactNode } from 'react';

import {
  APPLICANT_PAGE_SIZE,
  applicantSortKeys,
  type ApplicantFilters,
  type ApplicantRow,
  type ApplicantSortKey,
} from '@pathways/shared/applicants/applicants.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useApplicantLoad } from '../api/get-applicants';
import { useScreeningActions } from '../api/screening';
import { useFilteredRows, usePage, useSortedRows, useTrackerView } from '../hooks/use-tracker-view';
import { setApplicantWalk, useBlindReview } from '../../applicant-view';
import { formatCount } from '../utils/format';
import { refusalMessage, type PhaseTab } from '../utils/tabs';
import { ApplicantTable } from './applicant-table';
import { FiltersPanel } from './filters-panel';
import { LoadProgress } from './load-progress';

const sortLabels: Record<ApplicantSortKey, string> = {
  id: 'Application number',
  createdAt: 'Date applied',
  completion: 'Profile completion',
  'profile.lastName.sort': 'Last name',
  'applicationRating.value': 'Rating',
  'profile.assessmentAggregate': 'Assessment',
  unreadChats: 'Unread messages',
};

export interface TabsConfig {
  /** The tabs in order, with the count of filtered rows in each. */
  tabs: (rows: ApplicantRow[]) => PhaseTab[];
  /** Whether a row is listed under a tab. */
  inTab: (row: ApplicantRow, tab: string) => boolean;
}

export interface BulkContext {
  /** The chosen rows among those the tab shows after filtering, in the list's order. */
  chosenIds: number[];
  tab: string | null;
  clear: () => void;
  /** Shows a refused action's reason. */
  report: (error: unknown) => void;
}

/**
 * The applicants of one workspace (or of every workspace the user sees): every row is loaded
 * in batches with the progress shown, then filtered, ranked, sorted and paged in the browser;
 * the view lives in the address.
 */
export function TrackerView({
  opportunityId,
  tabsConfig,
  locationNames,
  opportunityNames,
  bulkActions,
}: {
  /** null: every workspace the user may see. */
  opportunityId: number | null;
  tabsConfig: TabsConfig;
  /** The opportunity's places by id (the places column and filter). */
  locationNames: ReadonlyMap<number, string>;
  /** The opportunities' names by id, for the column on the list across workspaces. */
  opportunityNames?: ReadonlyMap<number, string>;
  bulkActions?: (context: BulkContext) => ReactNode;
}) {
  const theme = useTheme();
  // The filters sit beside the list only where the list keeps room for every column beside
  // them (a laptop of 1280 px and up); on narrower screens they open in a drawer.
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [drawer, setDrawer] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const { blind, setBlind } = useBlindReview();

  const load = useApplicantLoad(opportunityId);
  const { view, filters, name, setName, setView, setFilters, clearFilters } = useTrackerView();
  // Ranked and sorted once (again only when the rows or the sort change), then filtered: the
  // filter keeps the order, so typing a name never sorts.
  const sortedAll = useSortedRows(load.rows, view.sort);
  const filtered = useFilteredRows(sortedAll, filters);
  const tabs = useMemo(() => tabsConfig.tabs(filtered), [tabsConfig, filtered]);
  const tab =
    view.phase !== null && tabs.some((t) => t.key === view.phase)
      ? view.phase
      : (tabs[0]?.key ?? null);
  const inTab = useMemo(
    () => (tab === null ? filtered : filtered.filter((row) => tabsConfig.inTab(row, tab))),
    [filtered, tab, tabsConfig],
  );
  const { sorted, shown, page } = usePage(inTab, view.page);

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const chosenIds = useMemo(
    () => sorted.filter((row) => selected.has(row.id)).map((row) => row.id),
    [sorted, selected],
  );
  const allSelected = sorted.length > 0 && chosenIds.length === sorted.length;

  const onToggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const onToggleAll = () =>
    setSelected(allSelected ? new Set() : new Set(sorted.map((row) => row.id)));
  const clear = useCallback(() => setSelected(new Set()), []);

  const report = useCallback(
    (error: unknown) =>
      enqueueSnackbar(
        isApiError(error) ? refusalMessage(error) : 'That did not work. Please try again.',
        { variant: 'error' },
      ),
    [enqueueSnackbar],
  );

  const { rate } = useScreeningActions(opportunityId);
  const { mutateAsync: rateAsync } = rate;
  const onRate = useCallback(
    (row: ApplicantRow, rating: number | null, previous: number | null) =>
      rateAsync({ opportunityId: row.opportunityId, id: row.id, rating, previous }),
    [rateAsync],
  );

  // The application page steps through the list as it is shown: filtered, in this order.
  const onOpen = useCallback(
    (row: ApplicantRow) => {
      const ids = sorted
        .filter((other) => other.opportunityId === row.opportunityId)
        .map((other) => other.id);
      setApplicantWalk(row.opportunityId, ids);
    },
    [sorted],
  );

  // The panel renders again only when one of its filters changes, not on every key of the name.
  const { name: _typedName, ...panelFilterValues } = view.filters;
  const panelKey = JSON.stringify(panelFilterValues);
  const panelFilters = useMemo(() => JSON.parse(panelKey) as ApplicantFilters, [panelKey]);
  const onFiltersChange = useCallback(
    (change: (f: ApplicantFilters) => ApplicantFilters) => {
      clear();
      setFilters(change);
    },
    [clear, setFilters],
  );
  const onFiltersClear = useCallback(() => {
    clear();
    clearFilters();
  }, [clear, clearFilters]);
  const places = useMemo(
    () =>
      opportunityId === null
        ? undefined
        : [...locationNames].map(([id, locationName]) => ({ id, name: locationName })),
    [opportunityId, locationNames],
  );
  const panel = (
    <FiltersPanel
      filters={panelFilters}
      onChange={onFiltersChange}
      onClear={onFiltersClear}
      blind={blind}
      {...(places ? { locations: places } : {})}
    />
  );

  // The list shows once every page is in (or as many as came before a page failed).
  const ready = load.done || load.isError;

  if (load.isError && load.loaded === 0) {
    return <RetryAlert onRetry={load.retry}>The applications could not be loaded.</RetryAlert>;
  }

  return (
    <>
      {!load.done && <LoadProgress loaded={load.loaded} total={load.total} />}
      {load.isError && (
        <RetryAlert onRetry={load.retry}>
          Only {formatCount(load.loaded)} of the applications could be loaded.
        </RetryAlert>
      )}
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {wide && (
          <Box component="aside" sx={{ width: 280, flexShrink: 0 }}>
            {panel}
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
            <TextField
              id="tracker-name"
              label="Search by name"
              size="small"
              type="search"
              value={name}
              onChange={(event) => {
                clear();
                setName(event.target.value);
              }}
              sx={{ flex: '1 1 200px' }}
            />
            <FormControl size="small" sx={{ minWidth: 170 }}>
              <InputLabel id="tracker-sort-label">Sort by</InputLabel>
              <Select
                labelId="tracker-sort-label"
                label="Sort by"
                value={view.sort.key}
                onChange={(event) =>
                  setView((v) => ({
                    ...v,
                    sort: { ...v.sort, key: event.target.value as ApplicantSortKey },
                    page: 1,
                  }))
                }
              >
                {applicantSortKeys.map((key) => (
                  <MenuItem key={key} value={key}>
                    {sortLabels[key]}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ minWidth: 130 }}>
              <InputLabel id="tracker-direction-label">Order</InputLabel>
              <Select
                labelId="tracker-direction-label"
                label="Order"
                value={view.sort.direction}
                onChange={(event) =>
                  setView((v) => ({
                    ...v,
                    sort: { ...v.sort, direction: event.target.value as 'asc' | 'desc' },
                    page: 1,
                  }))
                }
              >
                <MenuItem value="asc">Ascending</MenuItem>
                <MenuItem value="desc">Descending</MenuItem>
              </Select>
            </FormControl>
            {/* No negative margin: the switch starts where its place in the row does, so it
                never lies on the control before it nor sticks out when it wraps to a new line. */}
            <FormControlLabel
              control={
                <Switch checked={blind} onChange={(event) => setBlind(event.target.checked)} />
              }
              label="Blind review"
              sx={{ ml: 0, mr: 0 }}
            />
            {!wide && (
              <Button variant="outlined" startIcon={<FilterList />} onClick={() => setDrawer(true)}>
                Filters
              </Button>
            )}
          </Box>
          {ready && tabs.length > 0 && (
            <Tabs
              value={tab}
              onChange={(_event, key: string) => {
                clear();
                setView((v) => ({ ...v, phase: key, page: 1 }));
              }}
              aria-label="Phases"
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {/* Tabs as wide as their labels: a chain of seven phases fits a laptop, and a
                  longer one scrolls with the arrows. */}
              {tabs.map((t) => (
                <Tab
                  key={t.key}
                  value={t.key}
                  label={`${t.label} (${formatCount(t.count)})`}
                  sx={{ minWidth: 0, px: 1.5 }}
                />
              ))}
            </Tabs>
          )}
          {ready && bulkActions?.({ chosenIds, tab, clear, report })}
          {!ready ? null : sorted.length === 0 && !load.isError ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {load.rows.length === 0
                ? 'No applications yet.'
                : 'No applicants here match these filters.'}
            </Alert>
          ) : (
            <>
              <ApplicantTable
                rows={shown}
                blind={blind}
                selected={selected}
                onToggle={onToggle}
                filteredCount={sorted.length}
                allSelected={allSelected}
                onToggleAll={onToggleAll}
                locationNames={locationNames}
                {...(opportunityNames ? { opportunityNames } : {})}
                onRate={onRate}
                onRateError={report}
                onOpen={onOpen}
              />
              <TablePagination
                component="div"
                count={sorted.length}
                page={sorted.length === 0 ? 0 : page - 1}
                rowsPerPage={APPLICANT_PAGE_SIZE}
                rowsPerPageOptions={[]}
                onPageChange={(_event, next) => setView((v) => ({ ...v, page: next + 1 }))}
              />
            </>
          )}
          {ready && (
            <Typography variant="body2" color="text.secondary" role="status">
              {formatCount(sorted.length)} of {formatCount(load.rows.length)} applicants shown here
              {filters.name ? `, named like “${filters.name}”` : ''}
            </Typography>
          )}
        </Box>
      </Box>
      {!wide && (
        <Drawer
          anchor="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          slotProps={{ paper: { 'aria-label': 'Filters' } }}
        >
          <Box sx={{ width: 300, maxWidth: '85vw', p: 2 }}>
            {panel}
            <Button fullWidth variant="contained" sx={{ mt: 2 }} onClick={() => setDrawer(false)}>
              Show applicants
            </Button>
          </Box>
        </Drawer>
      )}
    </>
  );
}
