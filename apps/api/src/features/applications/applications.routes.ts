import type { FastifyInstance } from 'fastify';

import type { FeatureDeps } from '../../lib/deps.ts';

export async function applicationsRoutes(_app: FastifyInstance, _deps: FeatureDeps) {}
