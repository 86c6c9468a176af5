import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';

import { filterApplicants, sortApplicants } from '@pathways/shared/applicants/applicants.rules';
import {
  APPLICANT_PAGE_SIZE,
  type ApplicantFilters,
  type ApplicantRow,
  type ApplicantSort,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  viewFromSearchParams,
  viewToSearchParams,
  type TrackerView,
} from '@pathways/shared/applicants/applicants.url';

import { AddressWrites } from '../utils/address-writes';

/**
 * The tracker's view (filters, sort, page, phase tab) kept in the address, so a view can be
 * shared. The name box answers every key at once (its own state); the rows follow a moment
 * later when the browser is busy (a deferred value), without asking the server anything.
 */
const NAME_TO_ADDRESS_MS = 300;

export function useTrackerView(
  /** Told of each view written, before the page renders it (to ask for its data at once). */
  onWrite?: (view: TrackerView) => void,
) {
  const [params, setParams] = useSearchParams();
  const listener = useRef(onWrite);
  useLayoutEffect(() => {
    listener.current = onWrite;
  });
  const view = useMemo(() => viewFromSearchParams(params), [params]);
  const [name, setNameInput] = useState(view.filters.name ?? '');

  // Two changes in a row (a place chosen, then its distance) must both stay, whatever renders
  // come late in between.
  const [writes] = useState(() => new AddressWrites(params.toString()));
  useLayoutEffect(() => writes.rendered(params.toString()), [writes, params]);
  const setView = useCallback(
    (change: (view: TrackerView) => TrackerView) => {
      const base = new URLSearchParams(writes.current);
      const view = change(viewFromSearchParams(base));
      const next = viewToSearchParams(view);
      listener.current?.(viewFromSearchParams(next));
      writes.wrote(next.toString());
      setParams(next, { replace: true });
    },
    [writes, setParams],
  );

  /** New filters start again at page 1. */
  const setFilters = useCallback(
    (change: (filters: ApplicantFilters) => ApplicantFilters) =>
      setView((v) => ({ ...v, filters: change(v.filters), page: 1 })),
    [setView],
  );

  // The typed name reaches the address once typing pauses: writing the address re-renders the
  // whole page, which is no work to do on every key.
  const typed = name.trim();
  const inAddress = view.filters.name ?? '';
  useEffect(() => {
    if (typed === inAddress) return undefined;
    const timer = setTimeout(
      () => setFilters((filters) => ({ ...filters, name: typed || undefined })),
      NAME_TO_ADDRESS_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, inAddress, setFilters]);

  const clearFilters = useCallback(() => {
    setNameInput('');
    setView((v) => ({ ...v, filters: {}, page: 1 }));
  }, [setView]);

  // The rows follow the typed name at a lower priority than the typing itself.
  const deferredName = useDeferredValue(typed);
  const filters = { ...view.filters, name: deferredName || undefined };
  return { view, filters, name, setName: setNameInput, setView, setFilters, clearFilters };
}

/**
 * The rows passing the filters, evaluated against one moment; filtered again only when a
 * filter changes (not when the page, the sort or the tab does).
 */
export function useFilteredRows(rows: ApplicantRow[], filters: ApplicantFilters) {
  const [now] = useState(() => new Date());
  const key = JSON.stringify(filters);
  return useMemo(
    () => filterApplicants(rows, JSON.parse(key) as ApplicantFilters, now),
    [rows, key, now],
  );
}

/** The rows in the tracker's order: eligible and complete first, then the sort. */
export function useSortedRows(rows: ApplicantRow[], sort: ApplicantSort) {
  const { key, direction } = sort;
  return useMemo(() => sortApplicants(rows, { key, direction }), [rows, key, direction]);
}

/** The page of rows shown (25 a page); a page past the end shows the last one. */
export function usePage(sorted: ApplicantRow[], wanted: number) {
  const pages = Math.max(1, Math.ceil(sorted.length / APPLICANT_PAGE_SIZE));
  const page = Math.min(wanted, pages);
  const shown = useMemo(
    () => sorted.slice((page - 1) * APPLICANT_PAGE_SIZE, page * APPLICANT_PAGE_SIZE),
    [sorted, page],
  );
  return { sorted, shown, page, pages };
}
