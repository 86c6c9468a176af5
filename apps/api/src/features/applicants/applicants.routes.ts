import {
  applicantIdList,
  applicantIdsQuery,
  applicantListPage,
  applicantListQuery,
  applicantPage,
  applicantPageQuery,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  FILTER_PARAMETERS_DESCRIPTION,
  viewFromSearchParams,
} from '@pathways/shared/applicants/applicants.url';
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
        description: FILTER_PARAMETERS_DESCRIPTION,
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
        description: FILTER_PARAMETERS_DESCRIPTION,
        querystring: applicantPageQuery,
        response: { 200: applicantPage },
      },
    },
    async (request) =>
      applicants.ofVisibleWorkspaces(actorOf(request), request.query, filtersOf(request)),
  );

  const listDescription =
    'The tracker of a large workspace: one page of a tab (`phase`), filtered, ranked and ' +
    'sorted by the database, with how many applications there are (`all`), how many the ' +
    'filters keep (`total`) and how many each tab holds (`tabs`). `cursor` is the `next` or ' +
    '`previous` of an answer with the same sort; any other cursor is 422. ' +
    FILTER_PARAMETERS_DESCRIPTION;
  const idsDescription =
    "Every id of a tab (`phase`) the filters keep, in the list's order: for acting on all the " +
    'filtered applicants and stepping through them. ' +
    FILTER_PARAMETERS_DESCRIPTION;

  app.get(
    '/api/client/opportunities/:id/applications/list',
    {
      config,
      schema: {
        tags,
        summary: 'A page of the applicants of a workspace, filtered and sorted, by keyset',
        description: listDescription,
        params: workspaceIdParam,
        querystring: applicantListQuery,
        response: { 200: applicantListPage },
      },
    },
    async (request) =>
      applicants.listOfOpportunity(
        actorOf(request),
        request.params.id,
        request.query,
        filtersOf(request),
      ),
  );

  app.get(
    '/api/client/opportunities/:id/applications/ids',
    {
      config,
      schema: {
        tags,
        summary: 'The ids of the applicants of a workspace the filters keep, in order',
        description: idsDescription,
        params: workspaceIdParam,
        querystring: applicantIdsQuery,
        response: { 200: applicantIdList },
      },
    },
    async (request) =>
      applicants.idsOfOpportunity(
        actorOf(request),
        request.params.id,
        request.query,
        filtersOf(request),
      ),
  );

  app.get(
    '/api/client/applications/list',
    {
      config,
      schema: {
        tags,
        summary: 'A page of the applicants of every workspace the user sees, by keyset',
        description: listDescription,
        querystring: applicantListQuery,
        response: { 200: applicantListPage },
      },
    },
    async (request) =>
      applicants.listOfVisibleWorkspaces(actorOf(request), request.query, filtersOf(request)),
  );

  app.get(
    '/api/client/applications/ids',
    {
      config,
      schema: {
        tags,
        summary: 'The ids of the applicants of every workspace the user sees, in order',
        description: idsDescription,
        querystring: applicantIdsQuery,
        response: { 200: applicantIdList },
      },
    },
    async (request) =>
      applicants.idsOfVisibleWorkspaces(actorOf(request), request.query, filtersOf(request)),
  );
}
