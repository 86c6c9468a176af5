import { useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';

import type { RouteAccess } from '@pathways/shared/auth/access';

import { RequireAccess } from '../lib/session/require-access';
import { RouteTitleContext } from './page-title';
import { RootLayout } from './root-layout';
import { routeTable, type PageRoute } from './route-table';

// Declarative routing (BrowserRouter + Routes) rather than a data router: the data router
// costs about 18 kB gzip more, which a guest's first page cannot afford (BENCHMARKS.md).

function groupByAccess(routes: PageRoute[]): [RouteAccess, PageRoute[]][] {
  const groups = new Map<RouteAccess, PageRoute[]>();
  for (const route of routes)
    groups.set(route.access, [...(groups.get(route.access) ?? []), route]);
  return [...groups];
}

/** Every route of the route table inside the shell, each access level behind its guard. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {groupByAccess(routeTable).map(([access, routes]) => {
          const pages = routes.map(({ path, title, page: Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <RouteTitleContext value={title}>
                  <Page />
                </RouteTitleContext>
              }
            />
          ));
          return access === 'public' ? (
            pages
          ) : (
            <Route key={access} element={<RequireAccess access={access} />}>
              {pages}
            </Route>
          );
        })}
      </Route>
    </Routes>
  );
}

/**
 * A server-rendered page hydrates as a transition, and the router listens to the address only
 * once that is done: a move made meanwhile (back, forward, a script's pushState) would be
 * missed. Once listening, the router is given the move again if the address is not the one it
 * rendered.
 */
export function CatchUpWithAddress() {
  const [rendered] = useState(useLocation());
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (pathname !== rendered.pathname || search !== rendered.search || hash !== rendered.hash) {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }
  }, [rendered]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <CatchUpWithAddress />
      <AppRoutes />
    </BrowserRouter>
  );
}
