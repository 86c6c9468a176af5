import { describe, expect, it } from 'vitest';

import { decideAccess, landingPath, returnPath, type RouteAccess } from './access.ts';
import type { Role } from './auth.schemas.ts';

const viewers: (Role | null)[] = [null, 'candidate', 'client', 'admin'];

// A role route sends guests to / and other roles to /dashboard;
// a signed-in route sends guests to /.
const expected: Record<RouteAccess, Record<string, string | true>> = {
  public: { guest: true, candidate: true, client: true, admin: true },
  signedIn: { guest: '/', candidate: true, client: true, admin: true },
  candidate: { guest: '/', candidate: true, client: '/dashboard', admin: '/dashboard' },
  client: { guest: '/', candidate: '/dashboard', client: true, admin: '/dashboard' },
  admin: { guest: '/', candidate: '/dashboard', client: '/dashboard', admin: true },
};

describe('decideAccess', () => {
  for (const [access, byViewer] of Object.entries(expected) as [
    RouteAccess,
    Record<string, string | true>,
  ][]) {
    for (const role of viewers) {
      const who = role ?? 'guest';
      const want = byViewer[who];
      it(`${access} route, ${who} → ${want === true ? 'allowed' : want}`, () => {
        const decision = decideAccess(access, role ? { role } : null);
        expect(decision).toEqual(
          want === true ? { allow: true } : { allow: false, redirectTo: want },
        );
      });
    }
  }
});

describe('landingPath', () => {
  it('sends clients to their opportunities and everyone else to the dashboard', () => {
    expect(landingPath({ role: 'client' })).toBe('/client/opportunities');
    expect(landingPath({ role: 'candidate' })).toBe('/dashboard');
    expect(landingPath({ role: 'admin' })).toBe('/dashboard');
  });
});

describe('returnPath', () => {
  it.each([
    '/opportunities/12/data-analyst',
    '/opportunities?search=bank&center=-26.2,28.04',
    '/campaign/ibtech#apply',
    '/',
  ])('keeps a path of this site: %s', (path) => {
    expect(returnPath(path)).toBe(path);
  });

  it.each([
    undefined,
    null,
    42,
    { pathname: '/x' },
    '',
    'opportunities/12',
    '//evil.example/phish',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/login',
    '/login?next=/x',
    '/password_reset',
    '/candidate/signup',
    '/candidate/password_reset/abc',
    '/client/confirm_email/abc',
    `/${'a'.repeat(2001)}`,
  ])('refuses %s', (value) => {
    expect(returnPath(value)).toBeUndefined();
  });
});
