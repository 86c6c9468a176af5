import {
  candidateOpportunitySearchQuery,
  opportunityDetail,
  guestOpportunityLocationsQuery,
  opportunityIdParam,
  opportunityList,
  opportunityLocationList,
  opportunityLocationsQuery,
  opportunitySearchQuery,
} from '@pathways/shared/opportunities/opportunities.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { createOpportunitiesService } from './opportunities.service.ts';

const tags = ['opportunities'];

/** Opportunity search (guests and candidates), the map, and the public opportunity page. */
export async function opportunitiesRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const opportunities = createOpportunitiesService(deps);

  app.get(
    '/api/opportunities',
    {
      config: { access: 'public' },
      // Long lists: written by a stringifier compiled from the schema, value by value once.
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary: 'Search published opportunities by distance, date or name (no eligibility)',
        querystring: opportunitySearchQuery,
        response: { 200: opportunityList },
      },
    },
    async (request) => opportunities.search(request.query),
  );

  app.get(
    '/api/candidate/opportunities',
    {
      config: { access: 'candidate' },
      // Long lists: written by a stringifier compiled from the schema, value by value once.
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary: "Search opportunities with the candidate's eligibility; eligible=true: I qualify",
        querystring: candidateOpportunitySearchQuery,
        response: { 200: opportunityList },
      },
    },
    async (request) =>
      opportunities.search(request.query, { candidateId: actorOf(request).userId }),
  );

  app.get(
    '/api/opportunity_locations',
    {
      config: { access: 'public' },
      // Long lists: written by a stringifier compiled from the schema, value by value once.
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary: 'The nearest opportunity locations to geoCenter, for the map (no eligibility)',
        querystring: guestOpportunityLocationsQuery,
        response: { 200: opportunityLocationList },
      },
    },
    async (request) => opportunities.locations(request.query),
  );

  app.get(
    '/api/candidate/opportunity_locations',
    {
      config: { access: 'candidate' },
      // Long lists: written by a stringifier compiled from the schema, value by value once.
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary: 'The nearest opportunity locations to geoCenter, for the map',
        querystring: opportunityLocationsQuery,
        response: { 200: opportunityLocationList },
      },
    },
    async (request) =>
      opportunities.locations(request.query, { candidateId: actorOf(request).userId }),
  );

  app.get(
    '/api/opportunities/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A published opportunity with its locations, requirements and JobPosting JSON-LD',
        params: opportunityIdParam,
        response: { 200: opportunityDetail },
      },
    },
    async (request) => opportunities.detail(request.params.id),
  );
}
