import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { operationPath } from './key-operations.ts';
import type { RequestLog } from './request-log.ts';

/**
 * Logs every call made with an API key once its answer has gone out: the key, the moment, the
 * method, the operation's path pattern, the status and the time taken. Refusals count too (a
 * call out of the key's scopes, or over its rate limit).
 */
export const apiKeyUsePlugin = fp(
  async (app: FastifyInstance, options: { requestLog: RequestLog; now: () => Date }) => {
    const { requestLog, now } = options;
    app.addHook('onResponse', (request, reply, done) => {
      const grant = request.actor?.apiKey;
      if (grant) {
        requestLog.record({
          apiKeyId: grant.id,
          at: now(),
          method: request.method,
          route: operationPath(request.routeOptions.url ?? request.url.split('?')[0]!),
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
        });
      }
      done();
    });
    app.addHook('onClose', async () => requestLog.flush());
  },
  { name: 'api-key-use', dependencies: ['access'] },
);
