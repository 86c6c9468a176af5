import { useEffect } from 'react';
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

/** Keeps the document title in step with the route (a title per route). */
export function useDocumentTitle() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
