import {
  clientIdParam,
  clientListQuery,
  clientListResponse,
  clientMeResponse,
  clientUserResponse,
  createClientBody,
  inviteResponse,
  updateClientBody,
} from '@pathways/shared/managers/managers.schemas';
import { user } from '@pathways/shared/auth/auth.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { actorOf } from '../../plugins/access.ts';
import { routeLimit } from '../limits/index.ts';
import { createManagersService, type ManagersDeps } from './managers.service.ts';

const tags = ['managers'];
const access = { access: 'client' } as const;

/** The signed-in client user's organization, and the managers (client users) in it. */
export async function managersRoutes(fastify: FastifyInstance, deps: ManagersDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const managers = createManagersService(deps);
  // Adding a colleague and sending them a fresh link both e-mail an invitation: each user sends
  // a limited number.
  const invites = {
    ...access,
    rateLimit: routeLimit(
      'invite-colleagues',
      deps.config.rateLimits.invitesPerUser,
      (request) => `user:${actorOf(request).userId}`,
    ),
  };

  app.get(
    '/api/client/me',
    {
      config: access,
      schema: {
        tags,
        summary: 'My organization, whether I am primary, and the active workspaces I see',
        response: { 200: clientMeResponse },
      },
    },
    async (request) => managers.me(actorOf(request)),
  );

  app.get(
    '/api/client/clients',
    {
      config: access,
      schema: {
        tags,
        summary: "My organization's client users, primary users first",
        querystring: clientListQuery,
        response: { 200: clientListResponse },
      },
    },
    async (request) => managers.list(actorOf(request), request.query),
  );

  app.post(
    '/api/client/clients',
    {
      config: invites,
      schema: {
        tags,
        summary: 'Add a colleague and e-mail them an invitation (primary users only)',
        body: createClientBody,
        response: { 201: clientUserResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ client: await managers.create(actorOf(request), request.body.client) }),
  );

  app.get(
    '/api/client/clients/:id',
    {
      config: access,
      schema: {
        tags,
        summary:
          'My own account (the signed-in user) for my id; a colleague of my organization as `{client}` for theirs',
        params: clientIdParam,
        response: { 200: z.union([user, clientUserResponse]) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.params.id === actor.userId) return deps.auth.ownUser(actor);
      return { client: await managers.show(actor, request.params.id) };
    },
  );

  app.patch(
    '/api/client/clients/:id',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Change names or job title, grant or withdraw primary, deactivate or reactivate (primary users only)',
        params: clientIdParam,
        body: updateClientBody,
        response: { 200: clientUserResponse },
      },
    },
    async (request) => ({
      client: await managers.update(actorOf(request), request.params.id, request.body.client),
    }),
  );

  app.post(
    '/api/client/clients/:id/invite',
    {
      config: invites,
      schema: {
        tags,
        summary:
          'Send a fresh invitation link; the previous one stops working (primary users only)',
        params: clientIdParam,
        response: { 200: inviteResponse },
      },
    },
    async (request) => managers.invite(actorOf(request), request.params.id),
  );
}
