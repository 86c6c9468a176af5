import {
  clientEligibilitiesQuery,
  clientEligibilityDetail,
  clientEligibilityPage,
  clientEligibilityParams,
  clientEligibilityResponse,
  criterionFunnelResponse,
  inviteManyBody,
  inviteResult,
} from '@pathways/shared/eligibility/client-eligibilities.schemas';
import { opportunityParams } from '@pathways/shared/eligibility/eligibility.schemas';
import { viewFromSearchParams } from '@pathways/shared/applicants/applicants.url';
import type { ApplicantFilters } from '@pathways/shared/applicants/applicants.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { searchParamsOf } from '../../lib/search-params.ts';
import { actorOf } from '../../plugins/access.ts';
import { routeLimit } from '../limits/index.ts';
import {
  createClientEligibilitiesService,
  type ClientEligibilitiesDeps,
} from './client-eligibilities.service.ts';

const client = { access: 'client' } as const;

/**
 * The applicants tracker's filters, under the names of its own address (`name`, `distance`,
 * `grade`, `disciplines`, …), riding along in the same query string; junk filters nothing.
 */
const trackerFiltersOf = (request: FastifyRequest): ApplicantFilters =>
  viewFromSearchParams(searchParamsOf(request)).filters;

/** Who qualifies for a workspace, the invitations, the criterion funnel and candidate search. */
export async function clientEligibilitiesRoutes(
  fastify: FastifyInstance,
  deps: ClientEligibilitiesDeps,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const eligibilities = createClientEligibilitiesService(deps);
  const tags = ['client eligibilities'];
  const base = '/api/client/opportunities/:id/eligibilities';
  // Invitations e-mail candidates: each client user sends a limited number of requests.
  const invites = {
    ...client,
    rateLimit: routeLimit(
      'invite-candidates',
      deps.config.rateLimits.invitesPerUser,
      (request) => `user:${actorOf(request).userId}`,
    ),
  };

  app.get(
    base,
    {
      config: client,
      schema: {
        tags,
        summary:
          'The candidates a workspace may see (referred, or complete and eligible), 25 a page, newest profile change first',
        params: opportunityParams,
        querystring: clientEligibilitiesQuery,
        response: { 200: clientEligibilityPage },
      },
    },
    async (request) =>
      eligibilities.list(
        actorOf(request),
        request.params.id,
        request.query,
        trackerFiltersOf(request),
      ),
  );

  app.get(
    `${base}/funnel`,
    {
      config: client,
      schema: {
        tags,
        summary:
          'How many candidates with a complete profile each requirement removes, and the funnel, most-removing first',
        params: opportunityParams,
        response: { 200: criterionFunnelResponse },
      },
    },
    async (request) => eligibilities.funnel(actorOf(request), request.params.id),
  );

  app.post(
    `${base}/invite`,
    {
      config: invites,
      schema: {
        tags,
        summary:
          'Invite eligible candidates to apply; those already invited or applied are skipped and listed',
        params: opportunityParams,
        body: inviteManyBody,
        response: { 200: inviteResult },
      },
    },
    async (request) =>
      eligibilities.inviteMany(actorOf(request), request.params.id, request.body.eligibilityIds),
  );

  app.get(
    `${base}/:eid`,
    {
      config: client,
      schema: {
        tags,
        summary: 'One candidate, with every criterion: what it asks and why it is met or not',
        params: clientEligibilityParams,
        response: { 200: clientEligibilityDetail },
      },
    },
    async (request) => eligibilities.show(actorOf(request), request.params.id, request.params.eid),
  );

  app.patch(
    `${base}/:eid/invite`,
    {
      config: invites,
      schema: {
        tags,
        summary: 'Invite one eligible candidate to apply (409 when invited already or applied)',
        params: clientEligibilityParams,
        response: { 200: clientEligibilityResponse },
      },
    },
    async (request) =>
      eligibilities.inviteOne(actorOf(request), request.params.id, request.params.eid),
  );

  app.get(
    '/api/client/eligibilities',
    {
      config: client,
      schema: {
        tags,
        summary:
          'Candidate search: the qualified candidates of every active workspace the user manages',
        querystring: clientEligibilitiesQuery,
        response: { 200: clientEligibilityPage },
      },
    },
    async (request) =>
      eligibilities.qualified(actorOf(request), request.query, trackerFiltersOf(request)),
  );
}
