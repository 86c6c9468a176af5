import { describe, expect, it } from 'vitest';

import {
  LIVE_CLOSE,
  LIVE_FRAME_LIMIT,
  LIVE_SOCKETS_PER_ADDRESS,
  LIVE_SOCKETS_PER_USER,
  liveClientMessage,
  liveEvent,
  liveServerMessage,
} from './live.schemas.ts';

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

describe('LIVE_CLOSE', () => {
  it('are distinct codes of the application’s own range', () => {
    const codes = Object.values(LIVE_CLOSE);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toBeGreaterThanOrEqual(4000);
      expect(code).toBeLessThanOrEqual(4999);
    }
  });
});

describe('the limits of the live socket', () => {
  it('let a tab sign in and send a refreshed token every minute for good', () => {
    expect(LIVE_FRAME_LIMIT.burst).toBeGreaterThanOrEqual(2);
    expect(LIVE_FRAME_LIMIT.refillMs).toBeLessThanOrEqual(60_000);
  });

  it('let an address hold the sockets of several users', () => {
    expect(LIVE_SOCKETS_PER_ADDRESS).toBeGreaterThan(LIVE_SOCKETS_PER_USER);
    expect(LIVE_SOCKETS_PER_USER).toBeGreaterThanOrEqual(2);
  });
});
