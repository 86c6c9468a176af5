import { OPPORTUNITY_PAGE_SIZE_UI } from '@pathways/shared/common/constants';
import {
  formatSort,
  opportunityKinds,
  parseGeoCenter,
  parseSort,
  type OpportunityKind,
  type OpportunitySort,
} from '@pathways/shared/opportunities/search';

// The search page keeps its whole state in the address bar, so a search can be shared and
// Back returns to the previous one:
//
//   /opportunities?search=bank&kind=job,bursary&organization=3&discipline=12
//     &qualification_type=5&open=true&include_closed=true&eligible=true&sort=closes_at+ASC&page=2
//     &center=-26.2041,28.0473&near=Johannesburg&view=map
//
// `center` is the search page's public, optional query; `near` names it for the page.

export type SearchView = 'list' | 'map';

export interface Center {
  latitude: number;
  longitude: number;
}

export interface SearchState {
  search: string;
  kinds: OpportunityKind[];
  organizations: number[];
  disciplines: number[];
  qualificationTypes: number[];
  open: boolean;
  /** Closed ones too (whose closing date has passed); off, only open or still to open. */
  includeClosed: boolean;
  /** "I qualify": candidates only. */
  eligible: boolean;
  /** Null: the API's default (nearest first with a centre, newest first without). */
  sort: OpportunitySort | null;
  page: number;
  center: Center | null;
  /** The centre's name as the user chose it ("Johannesburg", "My location"). */
  near: string | null;
  view: SearchView;
}

export const emptySearchState: SearchState = {
  search: '',
  kinds: [],
  organizations: [],
  disciplines: [],
  qualificationTypes: [],
  open: false,
  includeClosed: false,
  eligible: false,
  sort: null,
  page: 1,
  center: null,
  near: null,
  view: 'list',
};

const MAX_LIST_VALUES = 50;
const MAX_SEARCH_CHARS = 100;

function listValues(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)].slice(0, MAX_LIST_VALUES);
}

function ids(params: URLSearchParams, key: string): number[] {
  return listValues(params, key)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
}

const isFlag = (value: string | null) => value === 'true' || value === '1';

/** Rounded to about 1 m, so shared addresses stay short. */
const roundCoordinate = (value: number) => Math.round(value * 1e5) / 1e5;

/** `latitude,longitude` from `?center=`, or null when missing or not a point on Earth. */
export function parseCenter(value: string | null | undefined): Center | null {
  if (!value) return null;
  return parseGeoCenter(value) ?? null;
}

export const formatCenter = (center: Center) =>
  `${roundCoordinate(center.latitude)},${roundCoordinate(center.longitude)}`;

/** The page's state from the address bar; anything unreadable is left out, never an error. */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  const sortValue = params.get('sort');
  const page = Number(params.get('page'));
  const center = parseCenter(params.get('center'));
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_CHARS),
    kinds: listValues(params, 'kind').filter((kind): kind is OpportunityKind =>
      (opportunityKinds as readonly string[]).includes(kind),
    ),
    organizations: ids(params, 'organization'),
    disciplines: ids(params, 'discipline'),
    qualificationTypes: ids(params, 'qualification_type'),
    open: isFlag(params.get('open')),
    includeClosed: isFlag(params.get('include_closed')),
    eligible: isFlag(params.get('eligible')),
    sort: sortValue ? (parseSort(sortValue) ?? null) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    center,
    near: center ? params.get('near')?.trim().slice(0, 200) || null : null,
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

/** The address bar's query for a state: only what differs from the defaults, in a stable order. */
export function searchStateToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.kinds.length) params.set('kind', state.kinds.join(','));
  if (state.organizations.length) params.set('organization', state.organizations.join(','));
  if (state.disciplines.length) params.set('discipline', state.disciplines.join(','));
  if (state.qualificationTypes.length)
    params.set('qualification_type', state.qualificationTypes.join(','));
  if (state.open) params.set('open', 'true');
  if (state.includeClosed) params.set('include_closed', 'true');
  if (state.eligible) params.set('eligible', 'true');
  if (state.sort) params.set('sort', formatSort(state.sort));
  if (state.center) {
    params.set('center', formatCenter(state.center));
    if (state.near) params.set('near', state.near);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view === 'map') params.set('view', 'map');
  return params;
}

/** The filters both the list and the map send, as the API's flat query parameters. */
export function filterQuery(
  state: SearchState,
  { candidate }: { candidate: boolean },
): Record<string, string | undefined> {
  const search = state.search.trim();
  return {
    search: search || undefined,
    kind: state.kinds.length ? state.kinds.join(',') : undefined,
    organization: state.organizations.length ? state.organizations.join(',') : undefined,
    discipline: state.disciplines.length ? state.disciplines.join(',') : undefined,
    qualification_type: state.qualificationTypes.length
      ? state.qualificationTypes.join(',')
      : undefined,
    open: state.open ? 'true' : undefined,
    include_closed: state.includeClosed ? 'true' : undefined,
    eligible: candidate && state.eligible ? 'true' : undefined,
  };
}

/** GET opportunities (or candidate/opportunities): filters, sort, 10 a page, the centre. */
export function searchQuery(
  state: SearchState,
  { candidate }: { candidate: boolean },
): Record<string, string | number | undefined> {
  return {
    ...filterQuery(state, { candidate }),
    sort: state.sort ? formatSort(state.sort) : undefined,
    page: state.page,
    per: OPPORTUNITY_PAGE_SIZE_UI,
    latitude: state.center?.latitude,
    longitude: state.center?.longitude,
  };
}

/** Whether any filter narrows the search (for "Clear filters"). */
export const hasFilters = (state: SearchState) =>
  Boolean(
    state.search.trim() ||
    state.kinds.length ||
    state.organizations.length ||
    state.disciplines.length ||
    state.qualificationTypes.length ||
    state.open ||
    state.includeClosed ||
    state.eligible,
  );

/** The change "Clear filters" makes: words and filters go, the place and the sort stay. */
export const clearedFilters: Partial<SearchState> = {
  search: '',
  kinds: [],
  organizations: [],
  disciplines: [],
  qualificationTypes: [],
  open: false,
  includeClosed: false,
  eligible: false,
};
