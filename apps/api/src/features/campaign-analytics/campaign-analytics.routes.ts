import {
  campaignAnalytics,
  campaignAnalyticsQuery,
  campaignVisitParam,
} from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';
import { errorBody } from '@pathways/shared/common/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import {
  createCampaignAnalyticsService,
  createCampaignVisitsService,
} from './campaign-analytics.service.ts';
import { isCountableView } from './visit-filter.ts';

/** Counting campaign page views, and the client's campaign analytics. */
export async function campaignAnalyticsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const analytics = createCampaignAnalyticsService(deps);
  const visits = createCampaignVisitsService(deps);

  app.post(
    '/api/campaigns/:id/visits',
    {
      config: { access: 'public' },
      schema: {
        tags: ['campaigns'],
        summary:
          "The campaign's page was shown: counts one visit (browsers only; nothing about the visitor is kept)",
        params: campaignVisitParam,
      },
    },
    async (request, reply) => {
      if (isCountableView(request.headers)) await visits.count(request.params.id);
      return reply.status(204).header('Cache-Control', 'no-store').send();
    },
  );

  app.get(
    '/api/client/organization/analytics/campaigns',
    {
      config: { access: 'client' },
      schema: {
        tags: ['client analytics'],
        summary:
          'Per campaign: page visits, sign-ups through it and applicants among them, in total and per week (groups under 5 people hidden)',
        querystring: campaignAnalyticsQuery,
        response: { 200: campaignAnalytics, 422: errorBody },
      },
    },
    async (request) => analytics.campaigns(actorOf(request), request.query),
  );
}
