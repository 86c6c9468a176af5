import type { QueryKey } from '@tanstack/react-query';

import type { LiveEvent } from '@pathways/shared/live/live.schemas';

// Straight from each feature's key module, not its index: the live socket is there for every
// signed-in user and must not bring a feature's pages along with it.
import { applicationViewKeys } from '../../applicant-view/api/query-keys';
import { applicationKeys } from '../../applications/api/query-keys';
import { messagesKeys } from '../../messages/api/query-keys';
import { notificationsQueryKey } from '../../notifications/api/query-keys';
import { trackerKeys } from '../../screening/api/query-keys';

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
