import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { authMessages } from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { expireSession, onSessionExpired } from '../../../lib/api-client';
import { isExpired, shouldRefresh } from '../../../lib/session/refresh-policy';
import { sessionEnded } from '../../../lib/session/session-ended';
import { decodeClaims, tokenStore } from '../../../lib/session/token-store';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const CHECK_EVERY_MS = 30_000;

/**
 * Owns the session's lifetime: a 401 on a signed-in call (or a token found expired) logs
 * the user out ("You have been logged out due to inactivity.") and opens /login; user
 * activity renews the token before it runs out.
 */
export default function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const lastActivity = useRef(0);
  const refreshing = useRef(false);

  useEffect(
    () =>
      onSessionExpired(() => {
        enqueueSnackbar(authMessages.inactivity, { variant: 'warning' });
        // Marked first, so the guard of the page being left also sends the user to /login.
        sessionEnded.set(true);
        tokenStore.clear();
        queryClient.clear();
        void navigate(paths.login);
      }),
    [navigate, queryClient, enqueueSnackbar],
  );

  useEffect(() => {
    lastActivity.current = Date.now();
    const check = () => {
      const token = tokenStore.get();
      const claims = decodeClaims(token);
      if (!token || !claims) return;
      const now = Date.now();
      if (isExpired(claims, now)) {
        expireSession(token);
        return;
      }
      if (refreshing.current || !shouldRefresh(claims, lastActivity.current, now)) return;
      refreshing.current = true;
      import('../api/refresh-session')
        .then(({ refreshSession }) => refreshSession())
        .catch(() => {
          // A 401 is handled by the API client; anything else is retried on the next check.
        })
        .finally(() => {
          refreshing.current = false;
        });
    };
    let lastCheck = 0;
    const onActivity = () => {
      lastActivity.current = Date.now();
      if (lastActivity.current - lastCheck > 5_000) {
        lastCheck = lastActivity.current;
        check();
      }
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    const interval = window.setInterval(check, CHECK_EVERY_MS);
    check();
    return () => {
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(interval);
    };
  }, []);

  return null;
}
