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
import LinearProgress from '@mui/material/LinearProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import {
  APPLICANT_PAGE_SIZE,
  FIRST_TAB,
  applicantSortKeys,
  type ApplicantFilters,
  type ApplicantRow,
  type ApplicantSortKey,
} from '@pathways/shared/applicants/applicants.schemas';
import type { TrackerView as View } from '@pathways/shared/applicants/applicants.url';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import {
  SERVER_MODE_THRESHOLD,
  fetchApplicantIds,
  listRequestOf,
  prefetchApplicantList,
  serverTabOf,
  useApplicantList,
} from '../api/get-applicant-list';
import { useApplicantLoad } from '../api/get-applicants';
import { useScreeningActions } from '../api/use-screening-actions';
import { useFilteredRows, usePage, useSortedRows, useTrackerView } from '../hooks/use-tracker-view';
import { useSettledValue } from '../hooks/use-settled-value';
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
  /** The tabs in order with the server's counts per tab (by key; a missing key counts 0). */
  countedTabs: (counts: Readonly<Record<string, number>>) => PhaseTab[];
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
 * How long a burst of filter changes (arrow keys on the grade, several choices in a row) must
 * stop before the server is asked for the list again; a single change is asked at once.
 */
const FILTERS_TO_SERVER_MS = 150;

/**
 * The applicants of one workspace (or of every workspace the user sees), the view in the
 * address. The first answer says how many applications there are: up to SERVER_MODE_THRESHOLD,
 * every row is loaded in batches with the progress shown, then filtered, ranked, sorted and paged
 * in the browser; above it the server does that work and sends one page of 25 at a time, with
 * the counts of every tab (server mode).
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

  // A new view is asked for as it is chosen, while the page renders it (a filter change as the
  // list asks for it: at once after a quiet moment, else once a burst of changes ends).
  const queryClient = useQueryClient();
  const askAhead = useRef<(next: View) => void>(() => undefined);
  const { view, filters, name, setName, setView, setFilters, clearFilters } = useTrackerView(
    (next) => askAhead.current(next),
  );

  // Server mode: the list asked for the view in the address (the filters once they settle).
  const tabKeys = useMemo(() => tabsConfig.countedTabs({}).map((t) => t.key), [tabsConfig]);
  // A workspace's first tab is asked for as `first`, as it was before its phases were known.
  const serverTab = serverTabOf(opportunityId, view.phase, tabKeys);
  const filtersKey = useSettledValue(JSON.stringify(view.filters), FILTERS_TO_SERVER_MS);
  // The view's filters reach the request once settled (filtersKey), not at once.
  const { page: serverPage, request } = useMemo(
    () => listRequestOf(view, filtersKey, serverTab),
    [view, filtersKey, serverTab],
  );
  // Decided once by the first answer, which says how many applications there are.
  const [mode, setMode] = useState<'server' | 'browser' | null>(null);
  const list = useApplicantList(opportunityId, request, mode !== 'browser');
  const listAll = list.data?.all;
  if (mode === null && listAll !== undefined) {
    setMode(listAll > SERVER_MODE_THRESHOLD ? 'server' : 'browser');
  }
  const server = mode === 'server';
  const lastFilterWrite = useRef(Number.NEGATIVE_INFINITY);
  useLayoutEffect(() => {
    askAhead.current = (next) => {
      const nextFilters = JSON.stringify(next.filters);
      if (nextFilters !== filtersKey) {
        // As the list asks once the filters settle: a change after a quiet moment at once, a
        // burst of changes only once it ends.
        const now = performance.now();
        const quiet = now - lastFilterWrite.current >= FILTERS_TO_SERVER_MS;
        lastFilterWrite.current = now;
        if (!quiet) return;
      }
      if (!server) return;
      const tab = serverTabOf(opportunityId, next.phase, tabKeys);
      void prefetchApplicantList(
        queryClient,
        opportunityId,
        listRequestOf(next, nextFilters, tab).request,
      );
    };
  });

  const load = useApplicantLoad(opportunityId, mode === 'browser');
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
  const browserPage = usePage(inTab, view.page);
  const { sorted } = browserPage;
  const serverData = server ? list.data : undefined;
  const shown = serverData ? serverData.items : browserPage.shown;
  const page = server ? serverPage : browserPage.page;
  /** How many applicants the tab shows after filtering. */
  const shownCount = serverData ? serverData.inTab : sorted.length;
  const serverTabs = useMemo(
    () => (serverData ? tabsConfig.countedTabs(serverData.tabs) : []),
    [serverData, tabsConfig],
  );

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const chosenIds = useMemo(
    () =>
      server ? [...selected] : sorted.filter((row) => selected.has(row.id)).map((row) => row.id),
    [server, sorted, selected],
  );
  const allSelected = shownCount > 0 && chosenIds.length === shownCount;

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
  const listRequest = useMemo(
    () => ({ filters: request.filters, sort: request.sort, tab: request.tab }),
    [request],
  );
  const onToggleAll = () => {
    if (allSelected) setSelected(new Set());
    else if (!server) setSelected(new Set(sorted.map((row) => row.id)));
    else {
      // Every filtered applicant of the tab, by the same filters, in one light call.
      fetchApplicantIds(opportunityId, listRequest).then(
        (ids) => setSelected(new Set(ids)),
        (error: unknown) => report(error),
      );
    }
  };
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

  // The application page steps through the list as it is shown: filtered, in this order. In
  // server mode the page's rows stand in until the ids of the whole tab arrive.
  const onOpen = useCallback(
    (row: ApplicantRow) => {
      const rows = server ? shown : sorted;
      const ids = rows
        .filter((other) => other.opportunityId === row.opportunityId)
        .map((other) => other.id);
      setApplicantWalk(row.opportunityId, ids);
      if (server) {
        const { filters: f, sort, tab } = listRequest;
        // Across workspaces, the walk is the same list within the applicant's workspace.
        const within = opportunityId === null && tab !== null ? 'active' : tab;
        void fetchApplicantIds(row.opportunityId, { filters: f, sort, tab: within }).then(
          (all) => setApplicantWalk(row.opportunityId, all),
          () => undefined,
        );
      }
    },
    [server, shown, sorted, listRequest, opportunityId],
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

  // The list shows once every page is in (or as many as came before a page failed); in server
  // mode, once the first page is.
  const ready = server
    ? serverData !== undefined
    : mode === 'browser' && (load.done || load.isError);
  const shownTabs = server ? serverTabs : tabs;
  const shownTab = server ? (serverTab === FIRST_TAB ? (tabKeys[0] ?? null) : serverTab) : tab;

  // Until the first answer says which mode the list is in, only the progress shows. Rendering
  // the filters meanwhile (and asking for their reference lists) was tried: on the shared
  // 2-core machine the first rows then came 10 to 25 % later, the browser's work and the
  // server's competing for the same cores.
  const browser = mode === 'browser';
  if (mode === null) {
    if (list.isError) {
      return (
        <RetryAlert onRetry={() => void list.refetch()}>
          The applications could not be loaded.
        </RetryAlert>
      );
    }
    return <LinearProgress aria-label="Loading applications" />;
  }
  if (browser && load.isError && load.loaded === 0) {
    return <RetryAlert onRetry={load.retry}>The applications could not be loaded.</RetryAlert>;
  }

  return (
    <>
      {browser && !load.done && <LoadProgress loaded={load.loaded} total={load.total} />}
      {server && list.isError && (
        <RetryAlert onRetry={() => void list.refetch()}>
          This page of applications could not be loaded.
        </RetryAlert>
      )}
      {browser && load.isError && (
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
          {!browser && list.isFetching && (
            <LinearProgress aria-label="Loading applications" sx={{ mb: -0.5 }} />
          )}
          {ready && shownTabs.length > 0 && (
            <Tabs
              value={shownTab}
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
              {shownTabs.map((t) => (
                <Tab
                  key={t.key}
                  value={t.key}
                  label={`${t.label} (${formatCount(t.count)})`}
                  sx={{ minWidth: 0, px: 1.5 }}
                />
              ))}
            </Tabs>
          )}
          {ready && bulkActions?.({ chosenIds, tab: shownTab, clear, report })}
          {!ready ? null : shownCount === 0 && !load.isError ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {(serverData ? serverData.all : load.rows.length) === 0
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
                filteredCount={shownCount}
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
                count={shownCount}
                page={shownCount === 0 ? 0 : page - 1}
                rowsPerPage={APPLICANT_PAGE_SIZE}
                rowsPerPageOptions={[]}
                onPageChange={(_event, next) => {
                  if (!serverData) {
                    setView((v) => ({ ...v, page: next + 1 }));
                    return;
                  }
                  // Server pages follow one another by their cursors; a page still on its way
                  // has none to follow yet.
                  if (list.isPlaceholderData) return;
                  const forward = next + 1 > page;
                  const cursor = forward ? serverData.next : serverData.previous;
                  if (next > 0 && !cursor) return;
                  setView((v) => ({
                    ...v,
                    page: next + 1,
                    ...(next > 0 && cursor ? { cursor } : { cursor: undefined }),
                  }));
                }}
              />
            </>
          )}
          {ready && (
            <Typography variant="body2" color="text.secondary" role="status">
              {formatCount(shownCount)} of{' '}
              {formatCount(serverData ? serverData.all : load.rows.length)} applicants shown here
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
