import type { AddressInfo } from 'node:net';

import { LIVE_PATH, type LiveServerMessage } from '@pathways/shared/live/live.schemas';
import type { FastifyInstance } from 'fastify';

/** Listens on a free loopback port (once) and answers the live socket's address. */
export async function liveUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${LIVE_PATH}`;
}

/**
 * A live socket as a browser tab holds it: every message it receives is kept in order, and a
 * test waits for the next one matching a condition, or for the close.
 */
export class LiveSocket {
  readonly received: LiveServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;
  private waiters: { match: (m: LiveServerMessage) => boolean; resolve: () => void }[] = [];

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.closed = new Promise((resolve) => {
      this.socket.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason }));
    });
    this.socket.addEventListener('message', (e) => {
      const message = JSON.parse(String(e.data)) as LiveServerMessage;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve();
        return false;
      });
    });
  }

  opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.addEventListener('open', () => resolve(), { once: true });
      this.socket.addEventListener('error', () => reject(new Error('no connection')), {
        once: true,
      });
    });
  }

  /** Resolves when a message matching `match` has arrived (at once if one already has). */
  waitFor(match: (m: LiveServerMessage) => boolean): Promise<void> {
    if (this.received.some(match)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  send(data: string) {
    this.socket.send(data);
  }

  /** Sends the token and waits until the server has accepted it. */
  async authenticate(token: string): Promise<void> {
    await this.opened();
    const readyBefore = this.received.filter((m) => m.type === 'ready').length;
    this.send(JSON.stringify({ type: 'auth', token }));
    await this.waitFor(() => this.received.filter((m) => m.type === 'ready').length > readyBefore);
  }

  /** The events received so far. */
  events() {
    return this.received.flatMap((m) => (m.type === 'event' ? [m.event] : []));
  }

  close() {
    this.socket.close();
  }
}

/** Opens a live socket and signs it in with `token`. */
export async function openLive(app: FastifyInstance, token: string): Promise<LiveSocket> {
  const socket = new LiveSocket(await liveUrl(app));
  await socket.authenticate(token);
  return socket;
}
