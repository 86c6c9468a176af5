import { healthResponse } from '@pathways/shared/auth/auth.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client.ts';
import { freshRoundTrips } from './health.service.ts';

export async function healthRoutes(
  fastify: FastifyInstance,
  options: { database: Database; version: string },
) {
  // Checks that come together share a round trip made after they came (see freshRoundTrips).
  const ping = freshRoundTrips(() => options.database.ping());
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness with a database round trip',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await ping();
      return { status: 'ok' as const, database: options.database.kind, version: options.version };
    },
  );
}
