import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Limit } from '../../config/env.ts';
import { refuseUnless, type Limiter } from './limits.service.ts';

/**
 * Route limits (`config.rateLimit`, see `routeLimit`) counted in the database, and the limit on
 * every signed-in request of a user, or of an API key (each key has its own count, apart from
 * its creator's). Registered after the access plugin, so a route's limit and the per-user one
 * both see the verified actor.
 */
export const limitsPlugin = fp(
  async (
    app: FastifyInstance,
    options: { limiter: Limiter; apiPerUser: Limit | null; apiPerKey: Limit | null },
  ) => {
    const { limiter, apiPerUser, apiPerKey } = options;
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
    if (!apiPerUser && !apiPerKey) return;
    // A guest's request goes on at once: only signed-in requests are counted.
    app.addHook('onRequest', (request, reply, done) => {
      const actor = request.actor;
      const grant = actor?.apiKey;
      const [key, limit] = grant
        ? [`api:key:${grant.id}`, apiPerKey]
        : [`api:user:${actor?.userId}`, apiPerUser];
      if (!actor || !limit) return done();
      limiter
        .hit(key, limit.max, limit.windowMs)
        .then((verdict) => refuseUnless(reply, verdict))
        .then(() => done(), done);
    });
  },
  { name: 'limits', dependencies: ['access'] },
);
