import type { IncomingMessage } from 'node:http';

import fastifyWebsocket from '@fastify/websocket';
import {
  LIVE_FRAME_LIMIT,
  LIVE_PATH,
  LIVE_SOCKETS_PER_ADDRESS,
  LIVE_SOCKETS_PER_USER,
} from '@pathways/shared/live/live.schemas';
import type { FastifyPluginAsync } from 'fastify';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { VerifyAuthorization } from '../../plugins/access.ts';
import { clientKey } from '../limits/index.ts';
import { listen } from './live.bus.ts';
import { createLiveHub, type LiveHubDeps } from './live.hub.ts';
import { createLiveRegistry } from './live.registry.ts';

export interface LiveRouteDeps extends FeatureDeps {
  verify: VerifyAuthorization;
  readToken: LiveHubDeps['readToken'];
  liveSessionIds: LiveHubDeps['liveSessionIds'];
  /** How often open sockets' sessions are checked again (a backstop to the channel). */
  recheckMs?: number;
  /** How often this process tells the others it still runs. */
  heartbeatMs?: number;
}

/** A process not seen for this long has stopped, and its sockets count no more. */
const STALE_MS = 30_000;

/** Messages from the browser are one small JSON object (a token). */
const MAX_PAYLOAD = 8 * 1024;

/**
 * GET /api/cable upgrades to the live socket. The route is public because a browser cannot
 * send an Authorization header on a WebSocket: the token arrives as the first message, never in
 * the address (which ends up in logs).
 */
export const liveRoutes: FastifyPluginAsync<LiveRouteDeps> = async (app, deps) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_PAYLOAD } });
  const registry = await createLiveRegistry({
    db: deps.db,
    log: deps.log,
    perUser: LIVE_SOCKETS_PER_USER,
    perAddress: LIVE_SOCKETS_PER_ADDRESS,
    heartbeatMs: deps.heartbeatMs ?? 5_000,
    staleMs: STALE_MS,
  });
  const hub = createLiveHub({
    verify: deps.verify,
    readToken: deps.readToken,
    liveSessionIds: deps.liveSessionIds,
    registry,
    now: deps.now,
    log: deps.log,
    recheckMs: deps.recheckMs ?? 60_000,
    frames: LIVE_FRAME_LIMIT,
  });
  // The id each upgrading request's socket is counted under.
  const socketIds = new WeakMap<IncomingMessage, string>();
  const listener = await listen(
    deps.database,
    { onEnvelope: (message) => hub.deliver(message), onResync: () => hub.resync() },
    deps.log,
  );
  app.addHook('preClose', async () => {
    hub.close();
    await listener.close();
    await registry.close();
  });

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      config: { access: 'public' },
      schema: { hide: true },
      // The address's sockets are counted before the upgrade: one too many is answered 429.
      preValidation: async (request, reply) => {
        const connection = request.raw.socket;
        const id = await registry.open(clientKey(request.ip));
        if (!id) {
          await reply
            .code(429)
            .send({ code: 'rate_limited', message: 'Too many open connections from this address' });
          return;
        }
        socketIds.set(request.raw, id);
        // However the connection ends, upgraded or not, it is counted no more.
        if (connection.destroyed) registry.release(id);
        else connection.once('close', () => registry.release(id));
      },
    },
    (socket, request) => {
      const id = socketIds.get(request.raw);
      if (!id) {
        socket.close(1011, 'Not counted');
        return;
      }
      hub.connect(socket, id);
    },
  );
};
