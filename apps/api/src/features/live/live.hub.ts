import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE,
  liveClientMessage,
  type LiveServerMessage,
} from '@pathways/shared/live/live.schemas';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from '@fastify/websocket';

import type { Actor, VerifyAuthorization } from '../../plugins/access.ts';
import type { Envelope } from './live.bus.ts';

// The sockets of this process, by user. A socket counts once its first message carries an
// access token of a live session; it is closed when that token expires without a newer one,
// when the session ends (told through the channel, and checked again every `recheckMs`), or
// when a token of another user is sent on it.

export interface LiveHubDeps {
  verify: VerifyAuthorization;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often every socket's session is checked again, in milliseconds. */
  recheckMs: number;
}

interface Connection {
  socket: WebSocket;
  token: string | null;
  actor: Actor | null;
  timer: NodeJS.Timeout | undefined;
}

const OPEN = 1;

export function createLiveHub(deps: LiveHubDeps) {
  const { verify, now, log } = deps;
  const byUser = new Map<number, Set<Connection>>();

  const send = (connection: Connection, message: LiveServerMessage) => {
    if (connection.socket.readyState === OPEN) connection.socket.send(JSON.stringify(message));
  };

  function forget(connection: Connection) {
    clearTimeout(connection.timer);
    const userId = connection.actor?.userId;
    if (userId === undefined) return;
    const set = byUser.get(userId);
    set?.delete(connection);
    if (set?.size === 0) byUser.delete(userId);
  }

  function end(connection: Connection, code: number, reason: string) {
    forget(connection);
    connection.actor = null;
    connection.socket.close(code, reason);
  }

  const unauthenticated = (connection: Connection) =>
    end(connection, LIVE_CLOSE.unauthenticated, 'Your session has ended');

  /** Closes the socket when its token expires, unless a newer token arrives first. */
  function expireWithToken(connection: Connection, token: string) {
    clearTimeout(connection.timer);
    const exp = decodeJwt(token).exp;
    const left = exp === undefined ? 0 : exp * 1000 - now().getTime();
    connection.timer = setTimeout(() => unauthenticated(connection), Math.max(0, left));
    connection.timer.unref();
  }

  async function authenticate(connection: Connection, token: string) {
    let actor: Actor;
    try {
      actor = await verify(`Bearer ${token}`);
    } catch {
      unauthenticated(connection);
      return;
    }
    if (connection.socket.readyState !== OPEN) return;
    if (connection.actor && connection.actor.userId !== actor.userId) {
      unauthenticated(connection);
      return;
    }
    if (!connection.actor) {
      const set = byUser.get(actor.userId) ?? new Set();
      set.add(connection);
      byUser.set(actor.userId, set);
    }
    connection.actor = actor;
    connection.token = token;
    expireWithToken(connection, token);
    send(connection, { type: 'ready' });
  }

  /** Checks the sessions of the sockets again; those of ended sessions are closed. */
  async function recheck(connections: Iterable<Connection>) {
    await Promise.all(
      [...connections].map(async (connection) => {
        const token = connection.token;
        if (!token || !connection.actor) return;
        try {
          await verify(`Bearer ${token}`);
        } catch {
          if (connection.token === token) unauthenticated(connection);
        }
      }),
    );
  }

  const rechecking = setInterval(() => {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    recheck(all).catch((error: unknown) => log.warn({ err: error }, 'live session check'));
  }, deps.recheckMs);
  rechecking.unref();

  return {
    /** Takes a new socket: it must send its token within LIVE_AUTH_TIMEOUT_MS. */
    connect(socket: WebSocket) {
      const connection: Connection = { socket, token: null, actor: null, timer: undefined };
      connection.timer = setTimeout(() => unauthenticated(connection), LIVE_AUTH_TIMEOUT_MS);
      connection.timer.unref();
      socket.on('message', (data, isBinary) => {
        let parsed;
        try {
          parsed = isBinary ? undefined : liveClientMessage.safeParse(JSON.parse(String(data)));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) {
          end(connection, LIVE_CLOSE.badMessage, 'Not understood');
          return;
        }
        authenticate(connection, parsed.data.token).catch((error: unknown) => {
          log.error({ err: error }, 'live authentication');
          unauthenticated(connection);
        });
      });
      socket.on('close', () => forget(connection));
      socket.on('error', () => forget(connection));
    },

    /** Hands a message of the channel to the sockets it concerns. */
    deliver(message: Envelope) {
      if ('sessionsOf' in message) {
        const set = byUser.get(message.sessionsOf);
        if (set) recheck(set).catch((error: unknown) => log.warn({ err: error }, 'live check'));
        return;
      }
      const text = JSON.stringify({ type: 'event', event: message.event });
      for (const userId of message.to) {
        for (const connection of byUser.get(userId) ?? []) {
          if (connection.socket.readyState === OPEN) connection.socket.send(text);
        }
      }
    },

    /** Tells every socket that events may have been missed. */
    resync() {
      for (const set of byUser.values()) for (const c of set) send(c, { type: 'resync' });
    },

    /** How many signed-in sockets this process holds. */
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),

    close() {
      clearInterval(rechecking);
      for (const set of [...byUser.values()]) {
        for (const connection of [...set]) end(connection, 1001, 'Server closing');
      }
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
