import { useCallback, useSyncExternalStore } from 'react';

import { useSession } from '../../lib/auth/use-session';

// What the tracker takes from two neighbouring features, in one place:
//   setApplicantWalk, useBlindReview   the application page (features/applicant-view)
//   RequestBundleButton                document bundles (features/document-bundles)
// Until those features are part of the app, the stand-ins below keep the tracker working: the
// walk is not kept, blind review is read from and written to the same per-user key the
// application page reads, and no bundle button is shown.

/** Remembers the filtered, sorted applications so the application page can step through them. */
export function setApplicantWalk(_opportunityId: number, _ids: number[]): void {}

const blindKey = (userId: number) => `pathways.blindReview.${userId}`;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/** Blind review, per signed-in user: names, photos and personal details are hidden. */
export function useBlindReview(): { blind: boolean; setBlind: (on: boolean) => void } {
  const userId = useSession().viewer?.id ?? 0;
  const blind = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(blindKey(userId)) === '1',
    () => false,
  );
  const setBlind = useCallback(
    (on: boolean) => {
      if (on) localStorage.setItem(blindKey(userId), '1');
      else localStorage.removeItem(blindKey(userId));
      listeners.forEach((listener) => listener());
    },
    [userId],
  );
  return { blind, setBlind };
}

/** Asks for the documents of the chosen applicants as one download. */
export function RequestBundleButton(_props: {
  opportunityId: number;
  applicationIds: number[];
  disabled?: boolean;
}) {
  return null;
}
