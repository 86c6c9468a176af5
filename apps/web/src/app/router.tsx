import { BrowserRouter, Route, Routes } from 'react-router';

import type { RouteAccess } from '@pathways/shared/auth/access';

import { RequireAccess } from '../lib/auth/require-access';
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

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
