import FilterList from '@mui/icons-material/FilterList';
import MapIcon from '@mui/icons-material/Map';
import SearchIcon from '@mui/icons-material/Search';
import ViewList from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

import { CAPE_TOWN, OPPORTUNITY_PAGE_SIZE_UI } from '@pathways/shared/common/constants';
import { OPPORTUNITY_SEARCH_MAX_CHARS, parseSort } from '@pathways/shared/opportunities/search';
import { formatWholeNumber } from '@pathways/shared/common/numbers';

import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { Hydrated } from '../../../lib/use-hydrated';
import { useOpportunityLocations } from '../api/get-opportunity-locations';
import { useProfileLocation } from '../api/get-profile-location';
import { useOpportunitySearch } from '../api/search-opportunities';
import { useSearchState } from '../hooks/use-search-state';
import { pointsFromLocations } from '../utils/map-points';
import {
  clearedFilters,
  hasFilters,
  searchStateToParams,
  type SearchState,
} from '../utils/search-params';
import { displayedSort, sortChoices } from '../utils/sort-options';
import { OpportunityCard } from './opportunity-card';
import { SearchFilters } from './search-filters';
import { SearchLocation, type ActiveCenter } from './search-location';
import { RetryAlert } from '../../../components/ui/retry-alert';

// Leaflet and its plugin load only when the map is first shown.
const OpportunityMap = lazy(() => import('./map/opportunity-map'));

function SearchText({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search opportunities"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1 }}
    >
      <TextField
        id="search-text"
        // Without scripts the form still searches: it sends ?search= to this page.
        name="search"
        type="search"
        size="small"
        label="Name or organization"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: OPPORTUNITY_SEARCH_MAX_CHARS } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden />}>
        Search
      </Button>
    </Box>
  );
}

function ResultSkeletons() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={150} />
      ))}
    </Box>
  );
}

/** The address of one page of the current search. */
const pageHref = (state: SearchState, page: number) => {
  const query = searchStateToParams({ ...state, page }).toString();
  return query ? `/opportunities?${query}` : '/opportunities';
};

const countText = (total: number) =>
  `${formatWholeNumber(total)} ${total === 1 ? 'opportunity' : 'opportunities'}`;

/**
 * The opportunity search: words, filters, a place to measure from, a sort, ten results a page
 * as cards or on a map. Its state lives in the address bar (useSearchState).
 */
export function OpportunitySearch() {
  const { viewer } = useSession();
  const candidate = viewer?.role === 'candidate';
  const navigate = useNavigate();
  const { state, update } = useSearchState();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // A candidate's profile address is the centre when the address bar names none.
  const profileLocation = useProfileLocation({ enabled: candidate && !state.center });
  const active: ActiveCenter | null = state.center
    ? {
        center: state.center,
        label:
          state.near ?? `${state.center.latitude.toFixed(3)}, ${state.center.longitude.toFixed(3)}`,
        fromProfile: false,
      }
    : candidate && profileLocation.data
      ? {
          center: {
            latitude: profileLocation.data.latitude,
            longitude: profileLocation.data.longitude,
          },
          label: profileLocation.data.address?.split(',')[0]?.trim() || 'your address',
          fromProfile: true,
        }
      : null;
  const activeLatitude = active?.center.latitude;
  const activeLongitude = active?.center.longitude;
  const effective: SearchState = useMemo(
    () => ({
      ...state,
      center:
        activeLatitude !== undefined && activeLongitude !== undefined
          ? { latitude: activeLatitude, longitude: activeLongitude }
          : null,
    }),
    [state, activeLatitude, activeLongitude],
  );
  // Wait for the profile's address rather than searching twice.
  const waitingForProfile = candidate && !state.center && profileLocation.isPending;

  const results = useOpportunitySearch(effective, { enabled: !waitingForProfile });
  const data = results.data;
  const mapView = state.view === 'map';
  const locations = useOpportunityLocations(effective, effective.center ?? CAPE_TOWN, {
    enabled: mapView && !waitingForProfile,
    candidate,
  });
  const points = useMemo(
    () => (locations.data ? pointsFromLocations(locations.data.items) : []),
    [locations.data],
  );

  const sort = displayedSort(state.sort, effective.center !== null);
  const choices = sortChoices(sort, effective.center !== null);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / OPPORTUNITY_PAGE_SIZE_UI)) : 1;
  const showError = results.isError && !isAbortError(results.error);

  const goToPage = (page: number) => {
    update({ page });
    resultsHeading.current?.focus({ preventScroll: true });
    resultsHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const activeFilters =
    state.kinds.length +
    state.organizations.length +
    state.disciplines.length +
    state.qualificationTypes.length +
    (state.open ? 1 : 0) +
    (state.includeClosed ? 1 : 0) +
    (state.eligible ? 1 : 0);

  const filters = (
    <SearchFilters state={state} candidate={candidate} onChange={(change) => update(change)} />
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
        gap: { xs: 2, md: 4 },
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridColumn: { md: '1 / -1' }, display: 'grid', gap: 2 }}>
        <SearchText
          key={state.search}
          value={state.search}
          onSearch={(search) => update({ search })}
        />
        <SearchLocation active={active} onChange={(center, near) => update({ center, near })} />
      </Box>

      <Box>
        {/* The server's page offers the controls that only a script can serve once it has
            taken over; only they render again then, not the whole search. */}
        <Hydrated>
          {(hydrated) => (
            <Button
              variant="outlined"
              startIcon={<FilterList aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls="search-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              disabled={!hydrated}
              sx={{ display: { md: 'none' }, mb: filtersOpen ? 2 : 0 }}
              fullWidth
            >
              {filtersOpen
                ? 'Hide filters'
                : `Filters${activeFilters ? ` (${activeFilters})` : ''}`}
            </Button>
          )}
        </Hydrated>
        <Box
          id="search-filters"
          sx={{ display: { xs: filtersOpen ? 'block' : 'none', md: 'block' } }}
        >
          {filters}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="search-results-heading" sx={{ minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { sm: 'flex-end' },
            justifyContent: 'space-between',
            gap: 2,
            mb: 1,
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id="search-results-heading"
              ref={resultsHeading}
              tabIndex={-1}
              component="h2"
              variant="h6"
              sx={{ outline: 'none', scrollMarginTop: 80 }}
            >
              Results
            </Typography>
            <Typography role="status" variant="body2" color="text.secondary">
              {data
                ? `${countText(data.total)}${active ? `, nearest to ${active.label} first` : ''}`
                : 'Searching…'}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexShrink: 0 }}>
            <Hydrated>
              {(hydrated) => (
                <>
                  <TextField
                    id="search-sort"
                    select
                    size="small"
                    label="Sort by"
                    value={sort}
                    disabled={!hydrated}
                    onChange={(event) => update({ sort: parseSort(event.target.value) ?? null })}
                    sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 190 } }}
                  >
                    {choices.map((choice) => (
                      <MenuItem key={choice.value} value={choice.value} disabled={choice.disabled}>
                        {choice.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    aria-label="Show results as"
                    value={state.view}
                    disabled={!hydrated}
                    onChange={(_event, view: SearchState['view'] | null) => {
                      if (view) update({ view });
                    }}
                    sx={{
                      height: 40,
                      '& .MuiToggleButton-root': { color: 'text.secondary' },
                      '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover':
                        { color: 'primary.contrastText', bgcolor: 'primary.main' },
                    }}
                  >
                    <ToggleButton value="list">
                      <ViewList fontSize="small" aria-hidden sx={{ mr: 0.5 }} />
                      List
                    </ToggleButton>
                    <ToggleButton value="map">
                      <MapIcon fontSize="small" aria-hidden sx={{ mr: 0.5 }} />
                      Map
                    </ToggleButton>
                  </ToggleButtonGroup>
                </>
              )}
            </Hydrated>
          </Box>
        </Box>

        <Box sx={{ height: 4, mb: 1 }}>
          {results.isFetching && data ? <LinearProgress aria-label="Updating results" /> : null}
        </Box>

        {showError ? (
          <RetryAlert onRetry={() => void results.refetch()}>
            {isApiError(results.error) && results.error.status === 403
              ? 'Opportunity search is not available for your account right now.'
              : 'The opportunities could not be loaded. Check your connection and try again.'}
          </RetryAlert>
        ) : !data ? (
          <ResultSkeletons />
        ) : mapView ? (
          <Box>
            <ErrorBoundary
              resetKey="map"
              fallback={() => (
                <Alert severity="error">
                  The map could not load. Reload the page, or switch back to the list.
                </Alert>
              )}
            >
              <Suspense
                fallback={<Skeleton variant="rounded" height={480} aria-label="Loading the map" />}
              >
                <OpportunityMap
                  points={points}
                  center={effective.center}
                  onNavigate={(href) => void navigate(href)}
                />
              </Suspense>
            </ErrorBoundary>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {locations.data
                ? `The map shows the ${formatWholeNumber(locations.data.items.length)} nearest locations of the opportunities that match.`
                : locations.isError
                  ? 'The locations could not be loaded. Switch to the list, or try again later.'
                  : 'Loading the locations…'}
            </Typography>
          </Box>
        ) : data.items.length === 0 && data.total > 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
            <Typography component="p" variant="h6" gutterBottom>
              There are no results on page {state.page}
            </Typography>
            <Button variant="outlined" onClick={() => goToPage(1)}>
              Go to the first page
            </Button>
          </Paper>
        ) : data.items.length === 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
            <Typography component="p" variant="h6" gutterBottom>
              No opportunities match your search
            </Typography>
            <Typography color="text.secondary" sx={{ mb: hasFilters(state) ? 2 : 0 }}>
              Try other words, fewer filters or a different place.
            </Typography>
            {hasFilters(state) && (
              <Button variant="outlined" onClick={() => update(clearedFilters)}>
                Clear filters
              </Button>
            )}
          </Paper>
        ) : (
          <Box
            component="ol"
            aria-label="Opportunities"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            {data.items.map((item) => (
              <li key={item.id}>
                <OpportunityCard opportunity={item} />
              </li>
            ))}
          </Box>
        )}

        {data && pageCount > 1 && !mapView && (
          <Pagination
            count={pageCount}
            page={Math.min(state.page, pageCount)}
            onChange={(_event, page) => goToPage(page)}
            color="primary"
            siblingCount={0}
            sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            // Each page is a link to its address, so a reader without scripts pages through the
            // results too (the server renders any page); with scripts a press stays in the page.
            renderItem={(item) =>
              item.page !== null &&
              !item.disabled &&
              !item.selected &&
              item.type !== 'start-ellipsis' &&
              item.type !== 'end-ellipsis' ? (
                <PaginationItem
                  {...item}
                  component="a"
                  href={pageHref(state, item.page)}
                  onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                      return;
                    event.preventDefault();
                    item.onClick(event);
                  }}
                />
              ) : (
                <PaginationItem {...item} />
              )
            }
          />
        )}
      </Box>
    </Box>
  );
}
