import {
  applicantsAnalytics,
  applicantsAnalyticsQuery,
  criteriaAnalytics,
  criteriaAnalyticsQuery,
  explorerQuery,
  explorerResult,
} from '@pathways/shared/analytics/analytics.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { createAnalyticsService, type AnalyticsDeps } from './analytics.service.ts';

const tags = ['analytics'];
const access = { access: 'client' } as const;
const base = '/api/client/organization/analytics';

/** Counts of people for client users, each group of fewer than 5 reported as "fewer than 5". */
export async function analyticsRoutes(fastify: FastifyInstance, deps: AnalyticsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const analytics = createAnalyticsService(deps);

  app.get(
    `${base}/applicants`,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Applicants per week, per phase, per opportunity, where they come from, their qualifications and demographics',
        querystring: applicantsAnalyticsQuery,
        response: { 200: applicantsAnalytics },
      },
    },
    async (request) => analytics.applicants(actorOf(request), request.query),
  );

  app.get(
    `${base}/explore`,
    {
      config: access,
      schema: {
        tags,
        summary: 'One measure broken down by one dimension, with filters',
        querystring: explorerQuery,
        response: { 200: explorerResult },
      },
    },
    async (request) => analytics.explore(actorOf(request), request.query),
  );

  app.get(
    `${base}/criteria`,
    {
      config: access,
      schema: {
        tags,
        summary: 'The criterion funnel of one opportunity, counts below 5 suppressed',
        querystring: criteriaAnalyticsQuery,
        response: { 200: criteriaAnalytics },
      },
    },
    async (request) => analytics.criteria(actorOf(request), request.query.opportunity),
  );
}
