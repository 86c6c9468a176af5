import {
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

import {
  APPLICANT_LOAD_PAGE_SIZE,
  applicantPage,
  type ApplicantPage,
  type ApplicantRow,
} from '@pathways/shared/applicants/applicants.schemas';

import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from '../../screening';

/** One workspace's applications, or (null) every application the user may see. */
const loadPath = (opportunityId: number | null) =>
  opportunityId === null
    ? 'client/applications'
    : `client/opportunities/${opportunityId}/applications`;

export function fetchApplicantPage(
  opportunityId: number | null,
  page: number,
  signal?: AbortSignal,
): Promise<ApplicantPage> {
  return apiRequest(loadPath(opportunityId), {
    query: { page, per: APPLICANT_LOAD_PAGE_SIZE },
    signal,
    schema: applicantPage,
  });
}

/** The next page to ask for, until every row of the total has arrived (or a page is empty). */
export function nextLoadPage(pages: ApplicantPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}

const NO_ROWS: ApplicantRow[] = [];

export interface ApplicantLoad {
  /** Every row once all have arrived (or as many as arrived before a page failed). */
  rows: ApplicantRow[];
  loaded: number;
  /** Known once the first page has arrived. */
  total: number | null;
  done: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * Every row, loaded page after page (250 each) in turn: the first page says the total, each
 * further page is asked for as soon as the one before has arrived. Every request takes the
 * query's signal, so leaving the page cancels the load. The rows stay in the cache and change
 * in place after an action; they are not reloaded on focus.
 */
export function useApplicantLoad(opportunityId: number | null, enabled = true): ApplicantLoad {
  const query = useInfiniteQuery({
    enabled,
    queryKey: trackerKeys.applicants(opportunityId),
    queryFn: ({ pageParam, signal }) => fetchApplicantPage(opportunityId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextLoadPage(pages),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    // Each page is new data: comparing 10 000 rows deeply with the last answer on every page
    // would cost more than it saves.
    structuralSharing: false,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage, refetch, data } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const all = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const done = data !== undefined && !hasNextPage;
  return {
    // Filtering, ranking and sorting wait for the last page (or a failed one): doing them
    // again for each of 40 pages would slow the load down.
    rows: done || isError ? all : NO_ROWS,
    loaded: all.length,
    total: data?.pages[0]?.total ?? null,
    done,
    isError,
    retry: () => void (data ? fetchNextPage() : refetch()),
  };
}

export type RowChange = Partial<
  Pick<ApplicantRow, 'phaseId' | 'regrettedAt' | 'applicationRating'>
>;

/** Changes loaded rows in place (by id), without loading anything again. */
export function changeLoadedRows(
  queryClient: QueryClient,
  key: QueryKey,
  changes: ReadonlyMap<number, RowChange>,
) {
  queryClient.setQueryData<InfiniteData<ApplicantPage, number>>(key, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.items.some((row) => changes.has(row.id))
          ? {
              ...page,
              items: page.items.map((row) => {
                const change = changes.get(row.id);
                return change ? { ...row, ...change } : row;
              }),
            }
          : page,
      ),
    };
  });
}
