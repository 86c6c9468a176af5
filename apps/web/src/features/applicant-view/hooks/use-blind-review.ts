import { useCallback, useSyncExternalStore } from 'react';

import { useSession } from '../../../lib/session/use-session';

// Blind review hides who an applicant is (name, photo, gender, ethnicity, age, identification)
// so a reviewer judges the application alone. It is a choice of each signed-in user, kept in
// this browser under one key per user id.

export const blindReviewKey = (userId: number) => `pathways.blindReview.${userId}`;

// A change is announced on `window`, not kept in a list of this module: the bundler may copy a
// small module into each chunk that uses it, and every copy hears the same window. Another tab's
// change arrives as a `storage` event.
const CHANGED = 'pathways:blind-review';

function notify() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('pathways.blindReview.')) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether blind review is on for this user in this browser. */
export function readBlindReview(userId: number | null): boolean {
  if (userId === null) return false;
  try {
    return globalThis.localStorage?.getItem(blindReviewKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** Turns blind review on or off for this user; every component using the hook follows. */
export function writeBlindReview(userId: number, on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(blindReviewKey(userId), '1');
    else globalThis.localStorage?.removeItem(blindReviewKey(userId));
  } catch {
    // Without storage the choice cannot be kept; the view stays as it was.
  }
  notify();
}

export interface BlindReview {
  /** True when the signed-in user reviews blind. Always false for a guest. */
  blind: boolean;
  /** Turns blind review on or off for the signed-in user (does nothing for a guest). */
  setBlind: (on: boolean) => void;
}

/** The signed-in user's blind review choice, read and written in one place. */
export function useBlindReview(): BlindReview {
  const { viewer } = useSession();
  const userId = viewer?.id ?? null;
  const getSnapshot = useCallback(() => readBlindReview(userId), [userId]);
  const blind = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const setBlind = useCallback(
    (on: boolean) => {
      if (userId !== null) writeBlindReview(userId, on);
    },
    [userId],
  );
  return { blind, setBlind };
}
