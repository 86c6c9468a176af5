import { useEffect, useSyncExternalStore } from 'react';
import { matchRoutes, useLocation } from 'react-router';

import { HOME_TITLE, routeTable } from './route-table';

const matchable = routeTable.map((route) => ({ path: route.path, title: route.title }));

/** The title of the route at a path, from the route table. */
export function routeTitle(pathname: string): string {
  const matches = matchRoutes(matchable, pathname);
  return matches?.at(-1)?.route.title ?? HOME_TITLE;
}

export function useRouteTitle(): string {
  return routeTitle(useLocation().pathname);
}

export function documentTitle(title: string): string {
  return title === HOME_TITLE ? HOME_TITLE : `${title} · Pathways`;
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

/** Keeps the document title in step with the route (a title per route) or the page's own. */
export function useDocumentTitle() {
  const routeTitle = useRouteTitle();
  const own = useSyncExternalStore(
    subscribe,
    () => pageTitle,
    () => null,
  );
  const title = own ?? routeTitle;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
