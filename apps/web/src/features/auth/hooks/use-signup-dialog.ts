import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import { useSession } from '../../../lib/session/use-session';

const SIGNUP_HASH = '#signup';

/**
 * The sign-up dialog lives in the URL: `#signup` opens it, and so does
 * /candidate/signup. Opening pushes a history entry, so Back closes it.
 */
export function useSignupDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const { viewer } = useSession();

  const isOpen =
    viewer === null &&
    (location.hash === SIGNUP_HASH || location.pathname === paths.candidateSignup);

  const open = useCallback(() => {
    void navigate(
      { pathname: location.pathname, search: location.search, hash: SIGNUP_HASH },
      { state: { signupOpenedHere: true } },
    );
  }, [navigate, location.pathname, location.search]);

  const close = useCallback(() => {
    if (location.pathname === paths.candidateSignup) {
      void navigate(paths.home, { replace: true });
    } else if ((location.state as { signupOpenedHere?: boolean } | null)?.signupOpenedHere) {
      void navigate(-1);
    } else {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [navigate, location.pathname, location.search, location.state]);

  return { isOpen, open, close };
}
