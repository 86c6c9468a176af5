import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

import { apiRequest } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/session/token-store';

/**
 * Forgets the token and every cached answer at once, then ends the session on the server with
 * the token it had. In that order, the page's live socket closes and its queries stop before the
 * session ends, so nothing the page does meanwhile is sent with a token the server has just
 * refused. A plain hook rather than a mutation: the shell imports it, and useMutation would then
 * be part of a guest's first download.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    const token = tokenStore.get();
    void navigate('/');
    tokenStore.clear();
    queryClient.clear();
    // Even if the server cannot be reached, the browser has forgotten the session.
    if (token) {
      await apiRequest('auth/session', {
        method: 'DELETE',
        sessionCall: false,
        ownSession: { token, onToken: () => {} },
      }).catch(() => {});
    }
    setPending(false);
  }, [navigate, queryClient]);

  return { logout, isPending };
}
