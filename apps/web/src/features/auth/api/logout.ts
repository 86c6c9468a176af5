import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

import { apiRequest } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/auth/token-store';

/**
 * Ends the session on the server, then forgets the token and every cached answer. A plain
 * hook rather than a mutation: the shell imports it, and useMutation would then be part of
 * a guest's first download.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    // Even if the server cannot be reached, the browser forgets the session.
    await apiRequest('auth/session', { method: 'DELETE', sessionCall: false }).catch(() => {});
    void navigate('/');
    tokenStore.clear();
    queryClient.clear();
    setPending(false);
  }, [navigate, queryClient]);

  return { logout, isPending };
}
