import {
  campaignAnalytics,
  campaignAnalyticsQuery,
  campaignVisitParam,
} from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';
import { errorBody } from '@pathways/shared/common/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf, type Actor, type VerifyAuthorization } from '../../plugins/access.ts';
import {
  createCampaignAnalyticsService,
  createCampaignVisitsService,
} from './campaign-analytics.service.ts';
import { isCountableView } from './visit-filter.ts';

/** Counting campaign page views, and the client's campaign analytics. */
export async function campaignAnalyticsRoutes(
  fastify: FastifyInstance,
  deps: FeatureDeps & { verify: VerifyAuthorization },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const analytics = createCampaignAnalyticsService(deps);
  const visits = createCampaignVisitsService(deps);

  /**
   * The signed-in user a view report names with its bearer token, or null: no token, or one
   * that no longer holds (expired, revoked), reports a guest's view. Never refused.
   */
  const viewerOf = async (authorization: string | undefined): Promise<Actor | null> => {
    if (!authorization) return null;
    try {
      return await deps.verify(authorization);
    } catch {
      return null;
    }
  };

  app.post(
    '/api/campaigns/:id/visits',
    {
      config: { access: 'public' },
      schema: {
        tags: ['campaigns'],
        summary:
          "The campaign's page was shown: counts one visit (browsers only; not a client user of the campaign's organization, named by an optional bearer token; nothing about the visitor is kept)",
        params: campaignVisitParam,
      },
    },
    async (request, reply) => {
      if (isCountableView(request.headers)) {
        await visits.count(request.params.id, await viewerOf(request.headers.authorization));
      }
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
