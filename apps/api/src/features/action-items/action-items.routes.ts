import {
  actionItemsResponse,
  profileCompletionResponse,
} from '@pathways/shared/action-items/action-items.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { createActionItemsService } from './action-items.service.ts';

const tags = ['action items'];

/** The candidate's to-do list and profile completion, computed from the same rules. */
export async function actionItemsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actions = createActionItemsService(deps);

  app.get(
    '/api/candidate/action_items',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'My to-do list, most urgent first (priority above 5 is critical)',
        response: { 200: actionItemsResponse },
      },
    },
    async (request) => actions.list(actorOf(request)),
  );

  app.get(
    '/api/candidate/profile/completion',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'How complete my profile is, and what is missing',
        response: { 200: profileCompletionResponse },
      },
    },
    async (request) => actions.completion(actorOf(request)),
  );
}
