import { DEFAULT_TIME_ZONE } from '@pathways/shared/common/time-zones';

import { useUser } from '../../../lib/session/current-user';

/**
 * The time zone the signed-in user reads interview times in: the one they chose on their
 * settings (a client user's on Interviews), or the default (Africa/Johannesburg) when they chose
 * none, while their account loads, and for a guest.
 */
export function useViewerTimeZone(): string {
  const { data } = useUser();
  return data?.timeZone ?? DEFAULT_TIME_ZONE;
}
