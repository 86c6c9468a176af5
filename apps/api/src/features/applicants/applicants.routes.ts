import { applicantPage, applicantPageQuery } from '@pathways/shared/applicants/applicants.schemas';
import { viewFromSearchParams } from '@pathways/shared/applicants/applicants.url';
import type { ApplicantFilters } from '@pathways/shared/applicants/applicants.schemas';
import { workspaceIdParam } from '@pathways/shared/workspaces/workspaces.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { searchParamsOf } from '../../lib/search-params.ts';
import { actorOf } from '../../plugins/access.ts';
import { createApplicantsService } from './applicants.service.ts';

const tags = ['applicants'];
const config = { access: 'client' as const };

/** The tracker's filters, under the names its own address uses; junk filters nothing. */
const filtersOf = (request: FastifyRequest): ApplicantFilters =>
  viewFromSearchParams(searchParamsOf(request)).filters;

/** The applicants of the workspaces a client user manages, as rows for the tracker. */
export async function applicantsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const applicants = createApplicantsService(deps);

  app.get(
    '/api/client/opportunities/:id/applications',
    {
      config,
      schema: {
        tags,
        summary: 'Applicants of a workspace, a page at a time by id (per up to 250), with filters',
        params: workspaceIdParam,
        querystring: applicantPageQuery,
        response: { 200: applicantPage },
      },
    },
    async (request) =>
      applicants.ofOpportunity(
        actorOf(request),
        request.params.id,
        request.query,
        filtersOf(request),
      ),
  );

  app.get(
    '/api/client/applications',
    {
      config,
      schema: {
        tags,
        summary:
          'Applicants of every workspace the user sees, a page at a time by id, with filters',
        querystring: applicantPageQuery,
        response: { 200: applicantPage },
      },
    },
    async (request) =>
      applicants.ofVisibleWorkspaces(actorOf(request), request.query, filtersOf(request)),
  );
}
