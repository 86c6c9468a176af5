import {
  application,
  applicationList,
  applicationPatchBody,
  applicationsQuery,
  applyBody,
  applyConflictBody,
  idParam,
  inviteList,
  screeningQuestionList,
} from '@pathways/shared/applications/applications.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { createApplicationsService } from './applications.service.ts';

const tags = ['applications'];
const access = { access: 'candidate' } as const;

/** A candidate's applications and invites: apply, list, read, change locations, archive. */
export async function applicationsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const applications = createApplicationsService(deps);

  app.post(
    '/api/candidate/opportunities/:id/apply',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Apply with chosen locations (and screening answers); 409 names an existing application',
        params: idParam,
        body: applyBody,
        response: { 201: application, 409: applyConflictBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await applications.apply(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/candidate/opportunities/:id/screening_questions',
    {
      config: access,
      schema: {
        tags,
        summary: "An opportunity's screening questions, with my answers once I applied",
        params: idParam,
        response: { 200: screeningQuestionList },
      },
    },
    async (request) => applications.screeningQuestions(actorOf(request), request.params.id),
  );

  app.get(
    '/api/candidate/applications',
    {
      config: access,
      schema: {
        tags,
        summary: 'My applications, newest first, with counts per status',
        querystring: applicationsQuery,
        response: { 200: applicationList },
      },
    },
    async (request) => applications.list(actorOf(request), request.query),
  );

  app.get(
    '/api/candidate/applications/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'One of my applications',
        params: idParam,
        response: { 200: application },
      },
    },
    async (request) => applications.get(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/candidate/applications/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change the chosen locations or the screening answers',
        params: idParam,
        body: applicationPatchBody,
        response: { 200: application },
      },
    },
    async (request) =>
      applications.update(actorOf(request), request.params.id, request.body.application),
  );

  app.patch(
    '/api/candidate/applications/:id/archive',
    {
      config: access,
      schema: {
        tags,
        summary: 'Withdraw an application (idempotent)',
        params: idParam,
        response: { 200: application },
      },
    },
    async (request) => applications.archive(actorOf(request), request.params.id),
  );

  app.get(
    '/api/candidate/invites',
    {
      config: access,
      schema: {
        tags,
        summary: 'Opportunities I was invited to apply for and have not applied to yet',
        response: { 200: inviteList },
      },
    },
    async (request) => applications.invites(actorOf(request)),
  );
}
