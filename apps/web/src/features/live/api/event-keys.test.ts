import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import type { LiveEvent } from '@pathways/shared/live/live.schemas';

import { keysFor, liveFedKeys } from './event-keys';

// Which cached queries each event marks stale, checked against a real query cache holding the
// keys the features use.

const cached = {
  chats: ['messages', 'candidate', 'chats'],
  clientChats: ['messages', 'client', 'chats'],
  thread: ['messages', 'candidate', 'thread', 7],
  notifications: ['candidate', 'notifications'],
  applications: ['candidate', 'applications', 'list'],
  application: ['candidate', 'applications', 'detail', 7],
  invites: ['candidate', 'invites'],
  tracker: ['client', 'tracker', 'applicants', 3],
  applicantView: ['applicant-view', 3, 7],
  profile: ['candidate', 'profile'],
  opportunities: ['opportunities', 'search'],
} as const;

/** The names of the cached queries an event makes stale. */
function staleAfter(event: LiveEvent): string[] {
  const client = new QueryClient();
  for (const key of Object.values(cached)) client.setQueryData(key, {});
  for (const key of keysFor(event)) {
    client
      .getQueryCache()
      .findAll({ queryKey: key })
      .forEach((q) => q.invalidate());
  }
  return Object.entries(cached)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('keysFor', () => {
  it('a new message: conversations, threads, the tracker’s unread column and notifications', () => {
    expect(staleAfter({ kind: 'message', applicationId: 7, opportunityId: 3 })).toEqual([
      'chats',
      'clientChats',
      'notifications',
      'thread',
      'tracker',
    ]);
  });

  it('messages read: conversations, threads and the tracker, not notifications', () => {
    expect(staleAfter({ kind: 'unread' })).toEqual(['chats', 'clientChats', 'thread', 'tracker']);
  });

  it('a notification created or dismissed: the bell only', () => {
    expect(staleAfter({ kind: 'notifications' })).toEqual(['notifications']);
  });

  it('an application changed: the candidate’s applications and invites, the tracker, the applicant page', () => {
    expect(staleAfter({ kind: 'application', opportunityId: 3 })).toEqual(
      ['applicantView', 'application', 'applications', 'invites', 'tracker'].sort(),
    );
  });

  it('leaves the profile and public searches alone whatever the event', () => {
    const events: LiveEvent[] = [
      { kind: 'message', applicationId: 1, opportunityId: 1 },
      { kind: 'unread' },
      { kind: 'notifications' },
      { kind: 'application', opportunityId: 1 },
    ];
    for (const event of events) {
      expect(staleAfter(event)).not.toContain('profile');
      expect(staleAfter(event)).not.toContain('opportunities');
    }
  });
});

describe('liveFedKeys', () => {
  it('covers every key any event marks, each once', () => {
    const all = [
      { kind: 'message', applicationId: 1, opportunityId: 1 },
      { kind: 'unread' },
      { kind: 'notifications' },
      { kind: 'application', opportunityId: 1 },
    ].flatMap((e) => keysFor(e as LiveEvent).map((k) => JSON.stringify(k)));
    const fed = liveFedKeys.map((k) => JSON.stringify(k));
    expect(new Set(fed)).toEqual(new Set(all));
    expect(fed.length).toBe(new Set(fed).size);
  });
});
