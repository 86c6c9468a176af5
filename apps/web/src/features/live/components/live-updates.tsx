import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

import { tokenStore } from '../../../lib/session/token-store';
import { keysFor, liveFedKeys } from '../api/event-keys';
import { LiveConnection } from '../api/live-connection';

/** While the socket is down, what it would have said is fetched this often. */
export const FALLBACK_POLL_MS = 60_000;

/**
 * Mounted for signed-in users: holds the tab's live socket and marks stale what each event names,
 * so open pages fetch new messages, counts, notifications and application changes at once. The
 * socket closes when the user signs out (this unmounts, or the token is cleared).
 */
export default function LiveUpdates() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    let fallback: ReturnType<typeof setInterval> | undefined;
    const connection = new LiveConnection({
      token: () => tokenStore.get(),
      onEvent: (event) => invalidate(keysFor(event)),
      onResync: () => invalidate(liveFedKeys),
      // A refused token: the fetches it causes meet the same answer, and the app signs out.
      onUnauthenticated: () => invalidate(liveFedKeys),
      onStatus: (status) => {
        if (status === 'open') {
          clearInterval(fallback);
          fallback = undefined;
        } else if (fallback === undefined) {
          fallback = setInterval(() => invalidate(liveFedKeys), FALLBACK_POLL_MS);
        }
      },
    });
    connection.start();
    const unsubscribe = tokenStore.subscribe(() => connection.tokenChanged());
    return () => {
      unsubscribe();
      connection.stop();
      clearInterval(fallback);
    };
  }, [queryClient]);

  return null;
}
