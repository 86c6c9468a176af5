import { describe, expect, it } from 'vitest';

import { isAppPage, matchPage, notFoundPattern, pagePatterns } from './page-routes.ts';
import { paths } from './paths.ts';

describe('matchPage', () => {
  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/opportunities', '/opportunities'],
    ['/opportunities/9', '/opportunities/:id'],
    ['/opportunities/9/graduate-programme', '/opportunities/:id/:name'],
    ['/organizations/3/indlovu-bank', '/organizations/:id/:name'],
    ['/listings/4', '/listings/:id'],
    ['/campaign/indlovu-bank', '/campaign/:slug'],
    ['/candidate/password_reset/a.b-c_d', '/candidate/password_reset/:token'],
    ['/client/confirm_email/tok', '/client/confirm_email/:token'],
    ['/candidate/auth/google', '/candidate/auth/:provider'],
    ['/candidate/opportunities/9/apply', '/candidate/opportunities/:id/apply'],
    ['/client/opportunities/9/applications/5', '/client/opportunities/:id/applications/:appId'],
    ['/client/analytics/campaigns', '/client/analytics/campaigns'],
    ['/404', '/404'],
  ])('%s is the page %s', (address, pattern) => {
    expect(matchPage(address)).toBe(pattern);
  });

  it.each([
    ['/login/', '/login'],
    ['/login//', '/login'],
    ['/opportunities/9/', '/opportunities/:id'],
    ['/client/opportunities/', '/client/opportunities'],
  ])('takes %s with trailing slashes as %s', (address, pattern) => {
    expect(matchPage(address)).toBe(pattern);
  });

  it.each([
    ['/opportunities?search=bursary&page=2', '/opportunities'],
    ['/opportunities/?view=map', '/opportunities'],
    ['/unsubscribe?token=a/b', '/unsubscribe'],
    ['/opportunities/9#apply', '/opportunities/:id'],
    ['/?utm_source=poster', '/'],
    ['/candidate/profile?tab=documents#top', '/candidate/profile'],
  ])('reads %s by its path alone', (address, pattern) => {
    expect(matchPage(address)).toBe(pattern);
  });

  it.each([
    ['/LOGIN', '/login'],
    ['/Opportunities/9', '/opportunities/:id'],
    ['/Candidate/Profile', '/candidate/profile'],
  ])('takes %s in any case as %s', (address, pattern) => {
    expect(matchPage(address)).toBe(pattern);
  });

  it.each([
    ['/opportunities/%E2%9C%93', '/opportunities/:id'],
    ['/campaign/a%2Fb', '/campaign/:slug'],
    ['/%6Cogin', '/login'],
    ['/opportunities/%E0%A4%A', '/opportunities/:id'],
  ])('decodes %s segment by segment to %s', (address, pattern) => {
    expect(matchPage(address)).toBe(pattern);
  });

  it.each([
    '/no-such-page',
    '/candidate',
    '/client',
    '/candidate/no-such-thing',
    '/client/nope',
    '/admin/password_reset/tok',
    '/opportunities/9/graduate-programme/more',
    '/candidate/opportunities/9',
    '/candidate/password_reset',
    '/client/opportunities/9/applications/5/more',
    '/loginx',
    '/login.html',
    '/ABSA',
    '//login',
    '/assets/missing.js',
  ])('finds no page at %s', (address) => {
    expect(matchPage(address)).toBeUndefined();
    expect(isAppPage(address)).toBe(false);
  });

  it('treats a pattern as text, not as an expression', () => {
    expect(matchPage('/passwordXreset')).toBeUndefined();
    expect(matchPage('/password_reset')).toBe('/password_reset');
  });
});

describe('isAppPage', () => {
  it('holds every page but the not-found page', () => {
    expect(isAppPage('/')).toBe(true);
    expect(isAppPage('/candidate/profile')).toBe(true);
    expect(isAppPage('/opportunities/9?x=1')).toBe(true);
    expect(isAppPage(notFoundPattern)).toBe(false);
    expect(isAppPage('/404/')).toBe(false);
  });

  it('holds the addresses the app builds its links to', () => {
    const built = [
      paths.home,
      paths.candidateSignup,
      paths.employers,
      paths.listing(4),
      paths.login,
      paths.passwordResetRequest,
      paths.passwordReset('client', 'a/b c'),
      paths.confirmEmail('candidate', 'tok'),
      paths.campaign('Careers & more'),
      paths.organization(3),
      paths.opportunities,
      paths.opportunitiesNear({ latitude: -33.9, longitude: 18.4 }, 'Cape Town'),
      paths.opportunity(9),
      paths.unsubscribe,
      paths.dashboard,
      ...Object.values(paths.candidate).map((path) => (typeof path === 'string' ? path : path(9))),
      ...Object.values(paths.client).map((path) =>
        typeof path === 'string' ? path : (path as (a: number, b: number) => string)(9, 5),
      ),
    ];
    for (const address of built) expect(isAppPage(address), address).toBe(true);
  });

  it('lists each pattern once', () => {
    expect(new Set(pagePatterns).size).toBe(pagePatterns.length);
  });
});
