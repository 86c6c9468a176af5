import type { Role } from './auth.schemas.ts';

/** What a route asks of its visitor (SPEC.md section 2, access guard). */
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
