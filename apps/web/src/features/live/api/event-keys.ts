import type { QueryKey } from '@tanstack/react-query';

import type { LiveEvent } from '@pathways/shared/live/live.schemas';

import { applicationViewKeys } from '../../applicant-view';
import { applicationKeys } from '../../applications';
import { messagesKeys } from '../../messages';
import { notificationsQueryKey } from '../../notifications';
import { trackerKeys } from '../../screening';

// What each live event makes stale. Events name what changed, never the data: the queries
// they mark are fetched again if a page shows them (TanStack Query refetches only active ones).

const messages: readonly QueryKey[] = [
  // Conversations, threads and their unread counts (the drawer's count among them).
  messagesKeys.all,
  // The tracker's unread column.
  trackerKeys.all,
];

const applications: readonly QueryKey[] = [
  applicationKeys.all,
  applicationKeys.invites,
  trackerKeys.all,
  applicationViewKeys.all,
];

/** The queries an event makes stale. */
export function keysFor(event: LiveEvent): readonly QueryKey[] {
  switch (event.kind) {
    case 'message':
      // A new message comes with its notification.
      return [...messages, notificationsQueryKey];
    case 'unread':
      return messages;
    case 'notifications':
      return [notificationsQueryKey];
    case 'application':
      return applications;
  }
}

/**
 * Every query live events keep fresh: fetched again after a reconnection (events may have been
 * missed while the socket was down) and, as a fallback, now and then while it stays down.
 */
export const liveFedKeys: readonly QueryKey[] = [
  ...new Map(
    [...messages, notificationsQueryKey, ...applications].map((key) => [JSON.stringify(key), key]),
  ).values(),
];
