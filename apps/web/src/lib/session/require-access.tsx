import { Navigate, Outlet } from 'react-router';

import { decideAccess, type RouteAccess } from '@pathways/shared/auth/access';
import { paths } from '@pathways/shared/navigation/paths';

import { useSessionEnded } from './session-ended';
import { useSession } from './use-session';

/**
 * The access guard: a role's route sends guests to / and other roles
 * to /dashboard; a signed-in route sends guests to /. The role comes from the token. A
 * session that has just expired goes to /login instead.
 */
export function RequireAccess({ access }: { access: RouteAccess }) {
  const { viewer } = useSession();
  const ended = useSessionEnded();
  const decision = decideAccess(access, viewer);
  if (decision.allow) return <Outlet />;
  return <Navigate to={!viewer && ended ? paths.login : decision.redirectTo} replace />;
}
