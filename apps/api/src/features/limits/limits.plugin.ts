import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Limit } from '../../config/env.ts';
import { refuseUnless, type Limiter } from './limits.service.ts';

/**
 * Route limits (`config.rateLimit`, see `routeLimit`) counted in the database, and the limit on
 * every signed-in request of a user. Registered after the access plugin, so a route's limit and
 * the per-user one both see the verified actor.
 */
export const limitsPlugin = fp(
  async (app: FastifyInstance, options: { limiter: Limiter; apiPerUser: Limit | null }) => {
    const { limiter, apiPerUser } = options;
    await app.register(fastifyRateLimit, {
      global: false,
      store: limiter.Store,
      // Only a refusal tells the count (X-RateLimit-*, Retry-After): an allowed answer is the same
      // whatever was counted before it, so two requests for different objects answer alike.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
    });
    if (!apiPerUser) return;
    // A guest's request goes on at once: only signed-in requests are counted.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.actor) return done();
      limiter
        .hit(`api:user:${request.actor.userId}`, apiPerUser.max, apiPerUser.windowMs)
        .then((verdict) => refuseUnless(reply, verdict))
        .then(() => done(), done);
    });
  },
  { name: 'limits', dependencies: ['access'] },
);
