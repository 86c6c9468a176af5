import { LIVE_CLOSE } from '@pathways/shared/live/live.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LiveConnection } from './live-connection';

/** A socket the test plays the server of: it sees what the page sent and answers for it. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop(1000);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  say(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}

const realWebSocket = globalThis.WebSocket;
let token: string | null;

function connection() {
  const calls = { resync: 0, events: [] as unknown[], unauthenticated: 0, status: [] as string[] };
  const live = new LiveConnection({
    token: () => token,
    url: 'ws://pathways.test/api/cable',
    onEvent: (event) => calls.events.push(event),
    onResync: () => (calls.resync += 1),
    onUnauthenticated: () => (calls.unauthenticated += 1),
    onStatus: (status) => calls.status.push(status),
  });
  return { live, calls };
}

const latest = () => FakeSocket.made[FakeSocket.made.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  token = 'token-1';
  globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
});
afterEach(() => {
  vi.useRealTimers();
  globalThis.WebSocket = realWebSocket;
});

describe('LiveConnection', () => {
  it('signs in with its first message and is open once the server says ready', () => {
    const { live, calls } = connection();
    live.start();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    latest().say({ type: 'ready' });
    expect(calls.status).toEqual(['connecting', 'open']);
    live.stop();
  });

  it('sends a refreshed token on the open socket and fetches nothing for its answer', () => {
    const { live, calls } = connection();
    live.start();
    latest().open();
    latest().say({ type: 'ready' });
    const before = calls.resync;
    token = 'token-2';
    live.tokenChanged();
    expect(latest().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ]);
    latest().say({ type: 'ready' });
    expect(calls.resync).toBe(before);
    live.stop();
  });

  it('passes events on, and fetches again when the server says some were missed', () => {
    const { live, calls } = connection();
    live.start();
    latest().open();
    latest().say({ type: 'ready' });
    const before = calls.resync;
    latest().say({ type: 'event', event: { kind: 'notifications' } });
    latest().say({ type: 'resync' });
    expect(calls.events).toEqual([{ kind: 'notifications' }]);
    expect(calls.resync).toBe(before + 1);
    live.stop();
  });

  it('connects again after a drop and fetches what was said meanwhile once it listens again', () => {
    const { live, calls } = connection();
    live.start();
    const first = latest();
    first.open();
    first.say({ type: 'ready' });
    const before = calls.resync;
    first.drop(1006);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    latest().open();
    latest().say({ type: 'ready' });
    expect(calls.resync).toBe(before + 1);
    live.stop();
  });

  it('tells the page when the server refused its token', () => {
    const { live, calls } = connection();
    live.start();
    latest().open();
    latest().drop(LIVE_CLOSE.unauthenticated);
    expect(calls.unauthenticated).toBe(1);
    live.stop();
  });

  it('after a refusal for too many sockets, waits a minute whatever happens meanwhile', () => {
    const { live } = connection();
    live.start();
    latest().open();
    latest().drop(LIVE_CLOSE.tooMany);
    // The usual backoff would have connected again within a second or two.
    vi.advanceTimersByTime(30_000);
    token = 'token-2';
    live.tokenChanged();
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(29_999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(60_001);
    expect(FakeSocket.made).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-2' }]);
    live.stop();
  });

  it('after an ordinary drop, coming online connects at once', () => {
    const { live } = connection();
    live.start();
    latest().open();
    latest().drop(1006);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(2);
    live.stop();
  });
});
