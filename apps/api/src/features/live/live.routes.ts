import fastifyWebsocket from '@fastify/websocket';
import { LIVE_PATH } from '@pathways/shared/live/live.schemas';
import type { FastifyPluginAsync } from 'fastify';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { VerifyAuthorization } from '../../plugins/access.ts';
import { listen } from './live.bus.ts';
import { createLiveHub } from './live.hub.ts';

export interface LiveRouteDeps extends FeatureDeps {
  verify: VerifyAuthorization;
  /** How often open sockets' sessions are checked again (a backstop to the channel). */
  recheckMs?: number;
}

/** Messages from the browser are one small JSON object (a token). */
const MAX_PAYLOAD = 8 * 1024;

/**
 * GET /api/cable upgrades to the live socket. The route is public because a browser cannot
 * send an Authorization header on a WebSocket: the token arrives as the first message, never in
 * the address (which ends up in logs).
 */
export const liveRoutes: FastifyPluginAsync<LiveRouteDeps> = async (app, deps) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_PAYLOAD } });
  const hub = createLiveHub({
    verify: deps.verify,
    now: deps.now,
    log: deps.log,
    recheckMs: deps.recheckMs ?? 60_000,
  });
  const listener = await listen(
    deps.database,
    { onEnvelope: (message) => hub.deliver(message), onResync: () => hub.resync() },
    deps.log,
  );
  app.addHook('preClose', async () => {
    hub.close();
    await listener.close();
  });

  app.get(
    LIVE_PATH,
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    (socket) => hub.connect(socket),
  );
};
