import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import {
  searchStateFromParams,
  searchStateToParams,
  type SearchState,
} from '../utils/search-params';

/**
 * The search page's state, read from and written to the address bar. Every change but paging
 * and switching the view goes back to page 1. Each change is a history entry, so Back returns
 * to the previous search.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const state = useMemo(() => searchStateFromParams(params), [key]);

  const update = useCallback(
    (change: Partial<SearchState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const previous = searchStateFromParams(current);
          const keepsPage = Object.keys(change).every((k) => k === 'page' || k === 'view');
          const next: SearchState = { ...previous, ...(keepsPage ? {} : { page: 1 }), ...change };
          return searchStateToParams(next);
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  return { state, update };
}
