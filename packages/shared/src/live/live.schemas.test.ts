import { describe, expect, it } from 'vitest';

import { liveClientMessage, liveEvent, liveServerMessage } from './live.schemas.ts';

describe('liveEvent', () => {
  it('accepts each kind with its ids', () => {
    for (const event of [
      { kind: 'message', applicationId: 3, opportunityId: 7 },
      { kind: 'unread' },
      { kind: 'notifications' },
      { kind: 'application', opportunityId: 7 },
    ]) {
      expect(liveEvent.parse(event)).toEqual(event);
    }
  });

  it('refuses unknown kinds and missing or bad ids', () => {
    expect(liveEvent.safeParse({ kind: 'profile' }).success).toBe(false);
    expect(liveEvent.safeParse({ kind: 'message', applicationId: 3 }).success).toBe(false);
    expect(liveEvent.safeParse({ kind: 'application', opportunityId: 0 }).success).toBe(false);
    expect(liveEvent.safeParse({ kind: 'application', opportunityId: 1.5 }).success).toBe(false);
  });

  it('carries ids and a kind only: anything else is dropped', () => {
    expect(liveEvent.parse({ kind: 'unread', body: 'secret words' })).toEqual({ kind: 'unread' });
  });
});

describe('liveClientMessage', () => {
  it('is a token, neither empty nor longer than 4096 characters', () => {
    expect(liveClientMessage.safeParse({ type: 'auth', token: 'a.b.c' }).success).toBe(true);
    expect(liveClientMessage.safeParse({ type: 'auth', token: '' }).success).toBe(false);
    expect(liveClientMessage.safeParse({ type: 'auth', token: 'x'.repeat(4097) }).success).toBe(
      false,
    );
    expect(liveClientMessage.safeParse({ type: 'subscribe', token: 'a' }).success).toBe(false);
  });
});

describe('liveServerMessage', () => {
  it('is ready, an event or a resync', () => {
    expect(liveServerMessage.parse({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(liveServerMessage.parse({ type: 'resync' })).toEqual({ type: 'resync' });
    expect(liveServerMessage.parse({ type: 'event', event: { kind: 'notifications' } })).toEqual({
      type: 'event',
      event: { kind: 'notifications' },
    });
    expect(liveServerMessage.safeParse({ type: 'event', event: { kind: 'x' } }).success).toBe(
      false,
    );
  });
});
