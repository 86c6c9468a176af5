import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

import { onSnackbarsWanted, snackbarsWanted } from './snackbar';

const SnackbarHost = lazy(() => import('./snackbar-host'));

/**
 * Snackbars default to info and close after 6000 ms. The library behind them loads with the
 * first snackbar (`useSnackbar` from `./snackbar`), not with the page.
 */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  const wanted = useSyncExternalStore(onSnackbarsWanted, snackbarsWanted, () => false);
  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <SnackbarHost />
        </Suspense>
      )}
    </>
  );
}
