import {
  applicationParams,
  assignBody,
  flagBody,
  flagResponse,
  moveBody,
  opportunityParams,
  phaseEventList,
  ratingBody,
  ratingResponse,
  regretManyBody,
  screeningResult,
} from '@pathways/shared/screening/screening.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { createScreeningService, type ScreeningDeps } from './screening.service.ts';

const client = { access: 'client' } as const;

/** Screening the applications of a workspace: moves, regrets, ratings, history and flags. */
export async function screeningRoutes(fastify: FastifyInstance, deps: ScreeningDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const screening = createScreeningService(deps);
  const tags = ['client screening'];
  const base = '/api/client/opportunities/:id/applications';

  app.post(
    `${base}/assign`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Move many applications to a phase of this opportunity, all or none',
        params: opportunityParams,
        body: assignBody,
        response: { 200: screeningResult },
      },
    },
    async (request) => screening.assign(actorOf(request), request.params.id, request.body),
  );

  app.patch(
    `${base}/regret`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Regret many applications, all or none; each candidate is told kindly',
        params: opportunityParams,
        body: regretManyBody,
        response: { 200: screeningResult },
      },
    },
    async (request) =>
      screening.regretMany(actorOf(request), request.params.id, request.body.applicationIds),
  );

  app.post(
    `${base}/:appId/events`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Move one application to a phase of this opportunity',
        params: applicationParams,
        body: moveBody,
        response: { 200: screeningResult },
      },
    },
    async (request) =>
      screening.move(
        actorOf(request),
        request.params.id,
        request.params.appId,
        request.body.phaseId,
      ),
  );

  app.get(
    `${base}/:appId/events`,
    {
      config: client,
      schema: {
        tags,
        summary: "An application's history, oldest first, with who did each step",
        params: applicationParams,
        response: { 200: phaseEventList },
      },
    },
    async (request) => screening.history(actorOf(request), request.params.id, request.params.appId),
  );

  app.patch(
    `${base}/:appId/regret`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Regret one application; the candidate is told kindly',
        params: applicationParams,
        response: { 200: screeningResult },
      },
    },
    async (request) =>
      screening.regretOne(actorOf(request), request.params.id, request.params.appId),
  );

  app.patch(
    `${base}/:appId/rating`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Rate an application from 1 to 5 stars, or clear its rating with null',
        params: applicationParams,
        body: ratingBody,
        response: { 200: ratingResponse },
      },
    },
    async (request) =>
      screening.rate(
        actorOf(request),
        request.params.id,
        request.params.appId,
        request.body.rating,
      ),
  );

  app.post(
    '/api/client/flags',
    {
      config: client,
      schema: {
        tags,
        summary: "Flag an irregularity in a section of an applicant's profile",
        body: flagBody,
        response: { 201: flagResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await screening.flag(actorOf(request), request.body.flag)),
  );
}
