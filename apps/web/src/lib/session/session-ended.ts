import { useSyncExternalStore } from 'react';

// Set when a session ends by expiry, until /login is reached: a guarded page the user was
// on then sends them to /login rather than to / as for any guest.
let ended = false;
const listeners = new Set<() => void>();

export const sessionEnded = {
  get: () => ended,
  set(value: boolean) {
    if (ended === value) return;
    ended = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSessionEnded = () =>
  useSyncExternalStore(sessionEnded.subscribe, sessionEnded.get, sessionEnded.get);
