import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

import {
  APPLICANT_PAGE_SIZE,
  FIRST_TAB,
  applicantIdList,
  applicantListPage,
  type ApplicantFilters,
  type ApplicantListPage,
  type ApplicantSort,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  viewFromSearchParams,
  viewToSearchParams,
  type TrackerView,
} from '@pathways/shared/applicants/applicants.url';

import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from '../../screening';

/**
 * Above this many applications the tracker lets the server filter, sort, count and page (a page
 * of 25 at a time); at or below it, every row is loaded and the browser does it all, so a typed
 * name or a switched filter shows at once (about 0.1 s a key, against 0.5 to 0.7 s a change
 * asked of the server on the shared test machine). Measured in Chromium with the API stubbed (the
 * browser's own work): the first screen of a server-paged list 1.5 to 1.7 s, a whole load of
 * 500, 1 000 and 2 000 rows 1.9 to 2.2, 1.9 and 2.1 to 2.3 s, 10 000 rows 3.1 s. Up to 2 000
 * the whole load costs at most about 0.6 s more than one page, and the extra grows by about
 * 0.2 ms a row beyond (BENCHMARKS.md, "The tracker at 100 000 applications").
 */
export const SERVER_MODE_THRESHOLD = 2_000;

/** What one page of the server-paged list is asked for with. */
export interface ListRequest {
  filters: ApplicantFilters;
  sort: ApplicantSort;
  /** The tab: a phase id, regretted, withdrawn or active. */
  tab: string | null;
  cursor: string | null;
}

const listPath = (opportunityId: number | null, what: 'list' | 'ids') =>
  opportunityId === null
    ? `client/applications/${what}`
    : `client/opportunities/${opportunityId}/applications/${what}`;

/** The query string of a request: the filters under the address's names, then the paging. */
export function listQueryOf(request: Omit<ListRequest, 'cursor'> & { cursor?: string | null }) {
  const params = viewToSearchParams({
    filters: request.filters,
    sort: request.sort,
    page: 1,
    phase: null,
  });
  params.set('sort', request.sort.key);
  params.set('direction', request.sort.direction);
  if (request.tab !== null) params.set('phase', request.tab);
  if (request.cursor) params.set('cursor', request.cursor);
  return Object.fromEntries(params);
}

export function fetchApplicantList(
  opportunityId: number | null,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<ApplicantListPage> {
  return apiRequest(listPath(opportunityId, 'list'), {
    query: { ...listQueryOf(request), per: APPLICANT_PAGE_SIZE },
    signal,
    schema: applicantListPage,
  });
}

/** Every id of the tab the filters keep, in the list's order: "all the filtered ones". */
export async function fetchApplicantIds(
  opportunityId: number | null,
  request: Omit<ListRequest, 'cursor'>,
  signal?: AbortSignal,
): Promise<number[]> {
  const body = await apiRequest(listPath(opportunityId, 'ids'), {
    query: listQueryOf(request),
    signal,
    schema: applicantIdList,
  });
  return body.ids;
}

/**
 * The request of the page a view shows: its filters (`filtersKey`, their JSON once settled),
 * sort, tab and, beyond the first page, cursor.
 */
export function listRequestOf(view: TrackerView, filtersKey: string, tab: string | null) {
  // A page beyond the first needs its cursor; an address without one shows the first page.
  const page = view.cursor ? view.page : 1;
  const request: ListRequest = {
    filters: JSON.parse(filtersKey) as ApplicantFilters,
    sort: view.sort,
    tab,
    cursor: page > 1 ? (view.cursor ?? null) : null,
  };
  return { page, request };
}

/**
 * The tab a workspace's list is asked for: the address's when the workspace has it (or before
 * its tabs are known), else `first`, which the server reads as the workspace's first tab, so
 * the list can be asked for at the same time as the phases.
 */
export function workspaceTabOf(wanted: string | null, tabKeys: readonly string[] | null) {
  if (wanted !== null && (tabKeys === null || tabKeys.includes(wanted))) return wanted;
  return FIRST_TAB;
}

/** The tab the list of a view is asked for, once the tabs (their keys in order) are known. */
export function serverTabOf(
  opportunityId: number | null,
  wanted: string | null,
  tabKeys: readonly string[],
) {
  if (opportunityId !== null) return workspaceTabOf(wanted, tabKeys);
  return wanted !== null && tabKeys.includes(wanted) ? wanted : (tabKeys[0] ?? null);
}

export const listKey = (opportunityId?: number | null, request?: ListRequest) =>
  request && opportunityId !== undefined
    ? ([...trackerKeys.all, 'list', opportunityId ?? 'all', request] as const)
    : ([...trackerKeys.all, 'list'] as const);

/** How long a page of the list is shown again without asking. */
const LIST_STALE_MS = 30_000;

/**
 * One page of the list from the server. A new request cancels the one it replaces (the query's
 * AbortSignal), and the page shown stays until the new one arrives.
 */
export function useApplicantList(
  opportunityId: number | null,
  request: ListRequest,
  enabled: boolean,
) {
  return useQuery({
    queryKey: listKey(opportunityId, request),
    queryFn: ({ signal }) => fetchApplicantList(opportunityId, request, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
    refetchOnWindowFocus: false,
  });
}

/** Asks for a page of the list now, unless it is in the cache and fresh. */
export function prefetchApplicantList(
  queryClient: QueryClient,
  opportunityId: number | null,
  request: ListRequest,
) {
  return queryClient.prefetchQuery({
    queryKey: listKey(opportunityId, request),
    queryFn: ({ signal }) => fetchApplicantList(opportunityId, request, signal),
    staleTime: LIST_STALE_MS,
  });
}

/**
 * Asks for the page a workspace's tracker opens on (the view in the address) as soon as the
 * page starts, alongside the workspace and its phases rather than after them; the list asks
 * for the same request and is answered by this one.
 */
export function usePrefetchedWorkspaceList(opportunityId: number) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  useEffect(() => {
    const view = viewFromSearchParams(params);
    const { request } = listRequestOf(
      view,
      JSON.stringify(view.filters),
      workspaceTabOf(view.phase, null),
    );
    void prefetchApplicantList(queryClient, opportunityId, request);
    // Only the page the tracker opens on: later views are asked for by the list itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, opportunityId]);
}
