import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/** The home page's title, and the title of any path no route matches. */
export const HOME_TITLE = 'Pathways: jobs, bursaries and scholarships';

/** What the browser tab says for a page title: the home title alone, any other with the name. */
export function documentTitle(title: string): string {
  return title === HOME_TITLE ? HOME_TITLE : `${title} · Pathways`;
}

/** The title the route table gives the route being shown; the router provides it to its page. */
export const RouteTitleContext = createContext<string>(HOME_TITLE);

/** The title of the route this page is shown for. */
export function useRouteTitle(): string {
  return useContext(RouteTitleContext);
}

// A page that knows a better title than its route's (an opportunity's name) says so here while
// it is shown; the shell writes whichever applies, so the two never race.
let pageTitle: string | null = null;
const listeners = new Set<() => void>();
function setPageTitle(title: string | null) {
  pageTitle = title;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's own title while it is shown (null: the route's title). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

/** The title the page being shown has asked for, or null when it keeps its route's. */
export function useOwnPageTitle(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => pageTitle,
    () => null,
  );
}
