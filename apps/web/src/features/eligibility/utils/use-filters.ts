import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import {
  changeFilters,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  type EligibilityFilters,
} from './filters';

/** The list's filters in the address bar: each change is a history entry, so Back undoes it. */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const filters = useMemo(() => filtersFromParams(params), [key]);
  const update = useCallback(
    (change: Partial<EligibilityFilters>) =>
      setParams((current) => filtersToParams(changeFilters(filtersFromParams(current), change))),
    [setParams],
  );
  return { filters, update };
}

/** The same filters kept in the component, for a list shown inside another page. */
export function useLocalFilters() {
  const [filters, setFilters] = useState<EligibilityFilters>(DEFAULT_FILTERS);
  const update = useCallback(
    (change: Partial<EligibilityFilters>) =>
      setFilters((current) => changeFilters(current, change)),
    [],
  );
  return { filters, update };
}
