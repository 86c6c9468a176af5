import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import {
  choiceFromSearchParams,
  choiceToSearchParams,
  DEFAULT_CHOICE,
  type ExplorerChoice,
} from './explorer-params';

/**
 * The explorer's choices in the address bar: a view can be shared, and each change is a
 * history entry, so Back undoes it.
 */
export function useExplorerChoice() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const choice = useMemo(() => choiceFromSearchParams(params), [key]);
  const update = useCallback(
    (change: (choice: ExplorerChoice) => ExplorerChoice) =>
      setParams((current) => choiceToSearchParams(change(choiceFromSearchParams(current)))),
    [setParams],
  );
  /** Every filter, the dates and the opportunities off; what is counted and how stays. */
  const clear = useCallback(
    () =>
      update((current) => ({
        ...DEFAULT_CHOICE,
        measure: current.measure,
        dimension: current.dimension,
      })),
    [update],
  );
  return { choice, update, clear };
}
