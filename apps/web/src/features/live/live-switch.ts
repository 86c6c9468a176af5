import { createContext, useContext } from 'react';

/**
 * Whether signed-in pages open the live socket. The app always does; component tests, which
 * never reach a server, turn it off through the app's provider.
 */
export const LiveUpdatesSwitch = createContext(true);

export function useLiveUpdatesOn(): boolean {
  return useContext(LiveUpdatesSwitch);
}
