import { useSyncExternalStore, type ReactNode } from 'react';

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

/**
 * `useHydrated` for one control: only this part renders again when the page's scripts take
 * over. That render is synchronous, in one task: asked for by a whole page (every result card,
 * every filter), it held a phone's main thread for a third of a second just after hydration.
 */
export function Hydrated({ children }: { children: (hydrated: boolean) => ReactNode }): ReactNode {
  return children(useHydrated());
}
