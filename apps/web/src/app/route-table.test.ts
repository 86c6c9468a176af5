import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { matchPage, pagePatterns } from '@pathways/shared/navigation/page-routes';

import { routeTitle } from './route-title';
import { routeTable } from './route-table';

const accessAt = (pathname: string) =>
  routeTable.find((route) => route.path === matchRoutes(routeTable, pathname)?.at(-1)?.route.path)
    ?.access;

// Every page of the product, route by route, with the access its guard enforces.
const spec: [string, string][] = [
  ['/', 'public'],
  ['/candidate/signup', 'public'],
  ['/employers', 'public'],
  ['/listings/4', 'public'],
  ['/login', 'public'],
  ['/password_reset', 'public'],
  ['/candidate/password_reset/tok', 'public'],
  ['/client/password_reset/tok', 'public'],
  ['/candidate/confirm_email/tok', 'public'],
  ['/client/confirm_email/tok', 'public'],
  ['/candidate/auth/google', 'public'],
  ['/interview-links/tok', 'public'],
  ['/feedback-links/tok', 'public'],
  ['/campaign/indlovu-bank', 'public'],
  ['/organizations/3', 'public'],
  ['/organizations/3/indlovu-bank', 'public'],
  ['/opportunities', 'public'],
  ['/opportunities/9', 'public'],
  ['/opportunities/9/graduate-programme', 'public'],
  ['/404', 'public'],
  ['/dashboard', 'signedIn'],
  ['/candidate/account', 'candidate'],
  ['/candidate/applications/5', 'candidate'],
  ['/candidate/opportunities/9/apply', 'candidate'],
  ['/candidate/profile', 'candidate'],
  ['/candidate/documents', 'candidate'],
  ['/candidate/messages', 'candidate'],
  ['/client/campaigns', 'client'],
  ['/client/opportunities', 'client'],
  ['/client/opportunities/', 'client'],
  ['/client/opportunities/9', 'client'],
  ['/client/opportunities/9/applications', 'client'],
  ['/client/opportunities/9/applications/5', 'client'],
  ['/client/opportunities/9/eligibilities', 'client'],
  ['/client/organization', 'client'],
  ['/client/users', 'client'],
  ['/client/integrations', 'client'],
  ['/client/applications', 'client'],
  ['/client/analytics', 'client'],
  ['/client/analytics/explorer', 'client'],
  ['/client/analytics/campaigns', 'client'],
  ['/client/shared_candidates', 'client'],
];

describe('routeTable', () => {
  it.each(spec)('%s is %s', (pathname, access) => {
    expect(accessAt(pathname)).toBe(access);
  });

  it.each(['/nope', '/candidate', '/client/nope', '/admin/password_reset/tok', '/ABSA'])(
    'sends %s to the not-found page',
    (pathname) => {
      expect(routeTitle(pathname)).toBe('Page not found');
      expect(accessAt(pathname)).toBe('public');
    },
  );

  it('gives every route a title', () => {
    for (const route of routeTable) expect(route.title.length).toBeGreaterThan(0);
    expect(routeTitle('/client/opportunities/9/eligibilities')).toBe('Eligibility analytics');
  });
});

// The server answers 404 for any path that is no page: it reads the shared page patterns, so
// they are exactly the router's paths and match exactly where the router does.
describe('the shared page patterns', () => {
  it('are the paths of the route table', () => {
    const routed = routeTable.map((route) => route.path).filter((path) => path !== '*');
    expect([...routed].sort()).toEqual([...pagePatterns].sort());
  });

  const routerMatch = (pathname: string) => {
    const path = matchRoutes(routeTable, pathname)?.at(-1)?.route.path;
    return path === '*' ? undefined : path;
  };

  it.each([
    ...spec.map(([pathname]) => pathname),
    '/login/',
    '/LOGIN',
    '/Opportunities/9/',
    '/opportunities/%E2%9C%93',
    '/campaign/a%2Fb',
    '/nope',
    '/candidate',
    '/candidate/no-such-thing',
    '/client/nope',
    '/admin/password_reset/tok',
    '/opportunities/9/name/more',
    '/candidate/opportunities/9',
    '/ABSA',
    '/login.html',
    '//login',
  ])('match %s as the router does', (pathname) => {
    expect(matchPage(pathname)).toBe(routerMatch(pathname));
  });
});
