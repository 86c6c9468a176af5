import { healthResponse } from '@pathways/shared/auth/auth.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client.ts';

export async function healthRoutes(
  fastify: FastifyInstance,
  options: { database: Database; version: string },
) {
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
      await options.database.ping();
      return { status: 'ok' as const, database: options.database.kind, version: options.version };
    },
  );
}
