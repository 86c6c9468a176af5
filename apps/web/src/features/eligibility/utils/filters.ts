import {
  DEFAULT_APPLICANT_SORT,
  type ApplicantFilters,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  viewFromSearchParams,
  viewToSearchParams,
} from '@pathways/shared/applicants/applicants.url';
import {
  clientEligibilitySortKeys,
  DEFAULT_ELIGIBILITY_SORT,
  type ClientEligibilitySortKey,
} from '@pathways/shared/eligibility/client-eligibilities.schemas';

/** The eligibility list's state as the page keeps it in its URL. Absent means "any". */
export interface EligibilityFilters {
  page: number;
  search: string;
  sort: ClientEligibilitySortKey;
  direction: 'asc' | 'desc';
  applied?: boolean;
  eligible?: boolean;
  /**
   * The applicants tracker's filters (name, distance, grade, qualifications, gender, …) under
   * the tracker's own names; the server applies them with the tracker's rules.
   */
  tracker: ApplicantFilters;
}

export const DEFAULT_FILTERS: EligibilityFilters = {
  page: 1,
  search: '',
  sort: DEFAULT_ELIGIBILITY_SORT.key,
  direction: DEFAULT_ELIGIBILITY_SORT.direction,
  tracker: {},
};

/** The tracker's filters but `eligible`, which is the list's own toggle. */
function withoutEligible(filters: ApplicantFilters): ApplicantFilters {
  const { eligible: _eligible, ...rest } = filters;
  return rest;
}

/** The tracker's filters in its own query-string names. */
function trackerParams(tracker: ApplicantFilters): URLSearchParams {
  return viewToSearchParams({
    filters: withoutEligible(tracker),
    sort: DEFAULT_APPLICANT_SORT,
    page: 1,
    phase: null,
  });
}

const flagOf = (value: string | null): boolean | undefined =>
  value === 'true' ? true : value === 'false' ? false : undefined;

/** Reads the filters from a query string; anything unreadable falls back to the default. */
export function filtersFromParams(params: URLSearchParams): EligibilityFilters {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const direction = params.get('direction');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').slice(0, 200),
    sort: (clientEligibilitySortKeys as readonly string[]).includes(sort ?? '')
      ? (sort as ClientEligibilitySortKey)
      : DEFAULT_FILTERS.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_FILTERS.direction,
    applied: flagOf(params.get('applied')),
    eligible: flagOf(params.get('eligible')),
    tracker: withoutEligible(viewFromSearchParams(params).filters),
  };
}

/** Writes only what differs from the default, so the plain page has a plain address. */
export function filtersToParams(filters: EligibilityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.direction !== DEFAULT_FILTERS.direction) params.set('direction', filters.direction);
  if (filters.applied !== undefined) params.set('applied', String(filters.applied));
  if (filters.eligible !== undefined) params.set('eligible', String(filters.eligible));
  for (const [key, value] of trackerParams(filters.tracker)) params.set(key, value);
  return params;
}

/** The API's query for these filters (page size 25, the server's default). */
export function filtersToQuery(filters: EligibilityFilters) {
  return {
    page: filters.page,
    search: filters.search.trim() || undefined,
    sort: filters.sort,
    direction: filters.direction,
    applied: filters.applied,
    eligible: filters.eligible,
    ...Object.fromEntries(trackerParams(filters.tracker)),
  };
}

/** Any change but paging starts again at page 1. */
export function changeFilters(
  current: EligibilityFilters,
  change: Partial<EligibilityFilters>,
): EligibilityFilters {
  const pageOnly = Object.keys(change).every((k) => k === 'page');
  return { ...current, ...(pageOnly ? {} : { page: 1 }), ...change };
}

export const sortLabels: Record<ClientEligibilitySortKey, string> = {
  'profile.updatedAt': 'Profile updated',
  'profile.lastName': 'Surname',
  completion: 'Profile completion',
  referredAt: 'Referred',
  invitedAt: 'Invited',
};
