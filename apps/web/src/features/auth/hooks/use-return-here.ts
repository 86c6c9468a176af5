import { useLocation } from 'react-router';

/**
 * The router state for a link to /login that should come back to this page after login
 * (`<Link to={paths.login} state={useReturnHere()}>`); the login page checks it with
 * `returnPath` before following it.
 */
export function useReturnHere(): { from: string } {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}
