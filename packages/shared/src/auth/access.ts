import type { Role } from './auth.schemas.ts';

/** What a route asks of its visitor: nothing, any login, or one role. */
export type RouteAccess = 'public' | 'signedIn' | Role;

export type AccessDecision = { allow: true } | { allow: false; redirectTo: string };

/**
 * A route for a role sends guests to / and other roles to /dashboard; a route for any
 * signed-in user sends guests to /.
 */
export function decideAccess(access: RouteAccess, viewer: { role: Role } | null): AccessDecision {
  if (access === 'public') return { allow: true };
  if (!viewer) return { allow: false, redirectTo: '/' };
  if (access === 'signedIn' || viewer.role === access) return { allow: true };
  return { allow: false, redirectTo: '/dashboard' };
}

/** After login a client lands on /client/opportunities, everyone else on /dashboard. */
export function landingPath(viewer: { role: Role }): string {
  return viewer.role === 'client' ? '/client/opportunities' : '/dashboard';
}

/** Pages a login never returns to: they are the way in, not somewhere to be. */
const notReturnable = ['/login', '/password_reset', '/candidate/signup'];

/**
 * Where a login started from, when a page asked to come back to it (the opportunity page's
 * "Log in"): a path of this site only, never another origin (`//host`, `https:`), never a
 * sign-in page. Anything else is undefined and the login lands on `landingPath`.
 */
export function returnPath(from: unknown): string | undefined {
  if (typeof from !== 'string' || from.length > 2000) return undefined;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return undefined;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (notReturnable.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return undefined;
  if (/\/(password_reset|confirm_email)\//.test(pathname)) return undefined;
  return from;
}
