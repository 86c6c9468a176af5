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
import { fullBucket, takeFrame, type FrameBucket, type FramePolicy } from './live.limits.ts';
import type { LiveRegistry } from './live.registry.ts';

// The sockets of this process, by user. A socket counts once its first message carries an
// access token of a live session (checked against the session, once); a later token, sent when
// the page refreshes it, is checked by its signature and expiry and must be of the same user and
// session. A socket is closed when its token expires without a newer one, when its session ends
// (told through the channel, and checked again for all sockets at once every `recheckMs`), when
// a token of another user or session is sent on it, when it sends more than `frames` allows, or
// when its user already holds as many sockets as they may.

export interface LiveHubDeps {
  verify: VerifyAuthorization;
  /** A token's user and session by its signature and expiry alone; throws for a bad one. */
  readToken: (token: string) => Promise<{ userId: number; sessionId: string }>;
  /** Of the given sessions, those still live. */
  liveSessionIds: (sessionIds: readonly string[]) => Promise<Set<string>>;
  registry: Pick<LiveRegistry, 'signIn' | 'release'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often every socket's session is checked again, in milliseconds. */
  recheckMs: number;
  frames: FramePolicy;
}

interface Connection {
  socket: WebSocket;
  /** The socket's id among the open sockets of all processes. */
  id: string;
  token: string | null;
  actor: Actor | null;
  timer: NodeJS.Timeout | undefined;
  frames: FrameBucket;
  /** The messages of a socket are handled one after another, in order. */
  pending: Promise<void>;
}

const OPEN = 1;

export function createLiveHub(deps: LiveHubDeps) {
  const { verify, readToken, liveSessionIds, registry, now, log } = deps;
  const byUser = new Map<number, Set<Connection>>();

  const send = (connection: Connection, message: LiveServerMessage) => {
    if (connection.socket.readyState === OPEN) connection.socket.send(JSON.stringify(message));
  };

  function forget(connection: Connection) {
    clearTimeout(connection.timer);
    registry.release(connection.id);
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

  /** The first token: its session is looked up, and the user's sockets counted. */
  async function signIn(connection: Connection, token: string) {
    let actor: Actor;
    try {
      actor = await verify(`Bearer ${token}`);
    } catch {
      unauthenticated(connection);
      return;
    }
    if (connection.socket.readyState !== OPEN) return;
    if (!(await registry.signIn(connection.id, actor.userId))) {
      end(connection, LIVE_CLOSE.tooMany, 'Too many open connections for this account');
      return;
    }
    if (connection.socket.readyState !== OPEN) return;
    const set = byUser.get(actor.userId) ?? new Set();
    set.add(connection);
    byUser.set(actor.userId, set);
    connection.actor = actor;
    connection.token = token;
    expireWithToken(connection, token);
    send(connection, { type: 'ready' });
  }

  /** A refreshed token: of the same user and session, by its signature alone. */
  async function refresh(connection: Connection, actor: Actor, token: string) {
    let claims;
    try {
      claims = await readToken(token);
    } catch {
      unauthenticated(connection);
      return;
    }
    if (connection.actor !== actor) return;
    if (claims.userId !== actor.userId || claims.sessionId !== actor.sessionId) {
      unauthenticated(connection);
      return;
    }
    connection.token = token;
    expireWithToken(connection, token);
    send(connection, { type: 'ready' });
  }

  async function receive(connection: Connection, token: string) {
    if (connection.socket.readyState !== OPEN) return;
    if (connection.actor) await refresh(connection, connection.actor, token);
    else await signIn(connection, token);
  }

  /** Checks the sessions of the sockets again, in one query; those of ended sessions close. */
  async function recheck(connections: Iterable<Connection>) {
    const signedIn = [...connections].filter((c) => c.actor);
    if (signedIn.length === 0) return;
    const live = await liveSessionIds([...new Set(signedIn.map((c) => c.actor!.sessionId))]);
    for (const connection of signedIn) {
      const sessionId = connection.actor?.sessionId;
      if (sessionId !== undefined && !live.has(sessionId)) unauthenticated(connection);
    }
  }

  const rechecking = setInterval(() => {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    recheck(all).catch((error: unknown) => log.warn({ err: error }, 'live session check'));
  }, deps.recheckMs);
  rechecking.unref();

  return {
    /**
     * Takes a new socket, counted among the open sockets as `id`: it must send its token
     * within LIVE_AUTH_TIMEOUT_MS.
     */
    connect(socket: WebSocket, id: string) {
      const connection: Connection = {
        socket,
        id,
        token: null,
        actor: null,
        timer: undefined,
        frames: fullBucket(deps.frames, performance.now()),
        pending: Promise.resolve(),
      };
      connection.timer = setTimeout(() => unauthenticated(connection), LIVE_AUTH_TIMEOUT_MS);
      connection.timer.unref();
      socket.on('message', (data, isBinary) => {
        if (socket.readyState !== OPEN) return;
        const taken = takeFrame(connection.frames, performance.now(), deps.frames);
        connection.frames = taken.bucket;
        if (!taken.allowed) {
          end(connection, LIVE_CLOSE.tooMany, 'Too many messages');
          return;
        }
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
        const token = parsed.data.token;
        connection.pending = connection.pending
          .then(() => receive(connection, token))
          .catch((error: unknown) => {
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
