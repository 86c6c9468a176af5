import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * Whether the page's scripts have taken over: false while the server renders and while the
 * browser hydrates the server's markup, true from then on (and always for a page the browser
 * renders itself). A control that only a script can serve is disabled until then, so a press
 * that would do nothing is not possible.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
