import {
  createLocationBody,
  createWorkspaceBody,
  setManagersBody,
  staleWorkspaceBody,
  updateLocationBody,
  updateWorkspaceBody,
  workspaceCounts,
  workspaceCountsQuery,
  workspaceIdParam,
  workspaceList,
  workspaceListQuery,
  workspaceLocationParam,
  workspaceLocationResponse,
  workspaceManagers,
  workspaceResponse,
} from '@pathways/shared/workspaces/workspaces.schemas';
import {
  FILTER_PARAMETERS_DESCRIPTION,
  viewFromSearchParams,
} from '@pathways/shared/applicants/applicants.url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { searchParamsOf } from '../../lib/search-params.ts';
import { createWorkspacesService, type WorkspacesDeps } from './workspaces.service.ts';

const tags = ['workspaces'];
const config = { access: 'client' as const };

/** A client's workspaces: the opportunities they manage, their places and their managers. */
export async function workspacesRoutes(
  fastify: FastifyInstance,
  deps: FeatureDeps & WorkspacesDeps,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const workspaces = createWorkspacesService(deps);

  app.get(
    '/api/client/opportunities',
    {
      config,
      schema: {
        tags,
        summary: 'Active workspaces (all=true: drafts and past ones too) with applicants per phase',
        querystring: workspaceListQuery,
        response: { 200: workspaceList },
      },
    },
    async (request) => workspaces.list(actorOf(request), { all: request.query.all }),
  );

  app.post(
    '/api/client/opportunities',
    {
      config,
      schema: {
        tags,
        summary: 'A new opportunity, as a draft with its initial phase (primary users)',
        body: createWorkspaceBody,
        response: { 201: workspaceResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        opportunity: await workspaces.create(actorOf(request), request.body.opportunity),
      }),
  );

  app.get(
    '/api/client/opportunities/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A workspace: the opportunity with its places, organization, phases and managers',
        params: workspaceIdParam,
        response: { 200: workspaceResponse },
      },
    },
    async (request) => ({
      opportunity: await workspaces.get(actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/client/opportunities/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an opportunity; a change based on an older version is refused (409)',
        params: workspaceIdParam,
        body: updateWorkspaceBody,
        response: { 200: workspaceResponse, 409: staleWorkspaceBody },
      },
    },
    async (request) => ({
      opportunity: await workspaces.update(
        actorOf(request),
        request.params.id,
        request.body.opportunity,
      ),
    }),
  );

  app.get(
    '/api/client/opportunities/:id/counts',
    {
      config,
      schema: {
        tags,
        summary: "Applicants per phase, regretted and withdrawn, with the tracker's filters",
        description: FILTER_PARAMETERS_DESCRIPTION,
        params: workspaceIdParam,
        querystring: workspaceCountsQuery,
        response: { 200: workspaceCounts },
      },
    },
    async (request) =>
      workspaces.counts(
        actorOf(request),
        request.params.id,
        viewFromSearchParams(searchParamsOf(request)).filters,
      ),
  );

  app.post(
    '/api/client/opportunities/:id/locations',
    {
      config,
      schema: {
        tags,
        summary: 'Add a place the opportunity is offered at',
        params: workspaceIdParam,
        body: createLocationBody,
        response: { 201: workspaceLocationResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        location: await workspaces.addLocation(
          actorOf(request),
          request.params.id,
          request.body.location,
        ),
      }),
  );

  app.patch(
    '/api/client/opportunities/:id/locations/:locId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a place',
        params: workspaceLocationParam,
        body: updateLocationBody,
        response: { 200: workspaceLocationResponse },
      },
    },
    async (request) => ({
      location: await workspaces.updateLocation(
        actorOf(request),
        request.params.id,
        request.params.locId,
        request.body.location,
      ),
    }),
  );

  app.delete(
    '/api/client/opportunities/:id/locations/:locId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a place no applicant chose (409 otherwise)',
        params: workspaceLocationParam,
      },
    },
    async (request, reply) => {
      await workspaces.deleteLocation(actorOf(request), request.params.id, request.params.locId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/client/opportunities/:id/managers',
    {
      config,
      schema: {
        tags,
        summary: "The organization's client users, those managing this opportunity marked",
        params: workspaceIdParam,
        response: { 200: workspaceManagers },
      },
    },
    async (request) => workspaces.managers(actorOf(request), request.params.id),
  );

  app.put(
    '/api/client/opportunities/:id/managers',
    {
      config,
      schema: {
        tags,
        summary: 'Exactly these users manage the opportunity (primary users)',
        params: workspaceIdParam,
        body: setManagersBody,
        response: { 200: workspaceManagers },
      },
    },
    async (request) =>
      workspaces.setManagers(actorOf(request), request.params.id, request.body.userIds),
  );
}
