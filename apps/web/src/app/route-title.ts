import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';

import { documentTitle, HOME_TITLE, useOwnPageTitle } from './page-title';
import { routeTable } from './route-table';

const matchable = routeTable.map((route) => ({ path: route.path, title: route.title }));

/** The title of the route at a path, from the route table. */
export function routeTitle(pathname: string): string {
  const matches = matchRoutes(matchable, pathname);
  return matches?.at(-1)?.route.title ?? HOME_TITLE;
}

/** Keeps the document title in step with the route (a title per route) or the page's own. */
export function useDocumentTitle() {
  const fromRoute = routeTitle(useLocation().pathname);
  const title = useOwnPageTitle() ?? fromRoute;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
