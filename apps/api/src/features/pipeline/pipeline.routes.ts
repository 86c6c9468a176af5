import {
  clientScreeningQuestionList,
  opportunityParams,
  phaseCreateBody,
  phaseList,
  phaseOrderBody,
  phaseParams,
  phasePatchBody,
  questionParams,
  requirementList,
  requirementPreview,
  requirementSetBody,
  screeningQuestionCreateBody,
  screeningQuestionOrderBody,
  screeningQuestionPatchBody,
} from '@pathways/shared/pipeline/pipeline.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { actorOf } from '../../plugins/access.ts';
import { createPipelineService, type PipelineDeps } from './pipeline.service.ts';

const client = { access: 'client' } as const;

/** A workspace's pipeline: phases, requirements and screening questions, for its managers. */
export async function pipelineRoutes(fastify: FastifyInstance, deps: PipelineDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pipeline = createPipelineService(deps);
  const tags = ['client pipeline'];
  const base = '/api/client/opportunities/:id';

  // ---------------------------------------------------------------- phases

  app.get(
    `${base}/phases`,
    {
      config: client,
      schema: {
        tags,
        summary: 'The phases, in chain order from the initial phase, numbered from 1',
        params: opportunityParams,
        response: { 200: phaseList },
      },
    },
    async (request) => pipeline.phases(actorOf(request), request.params.id),
  );

  app.post(
    `${base}/phases`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Add a phase at the end, or after the phase given; answers the new chain',
        params: opportunityParams,
        body: phaseCreateBody,
        response: { 201: phaseList },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await pipeline.addPhase(actorOf(request), request.params.id, request.body.phase)),
  );

  app.put(
    `${base}/phases/order`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Put the phases in a new order (every phase once); the first becomes initial',
        params: opportunityParams,
        body: phaseOrderBody,
        response: { 200: phaseList },
      },
    },
    async (request) =>
      pipeline.reorderPhases(actorOf(request), request.params.id, request.body.phaseIds),
  );

  app.patch(
    `${base}/phases/:phaseId`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Rename or describe a phase, or move it to a position (1 = first)',
        params: phaseParams,
        body: phasePatchBody,
        response: { 200: phaseList },
      },
    },
    async (request) =>
      pipeline.changePhase(
        actorOf(request),
        request.params.id,
        request.params.phaseId,
        request.body.phase,
      ),
  );

  app.delete(
    `${base}/phases/:phaseId`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Delete a phase no application is in (409 otherwise); its neighbours are linked',
        params: phaseParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await pipeline.deletePhase(actorOf(request), request.params.id, request.params.phaseId);
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- requirements

  app.get(
    `${base}/requirements`,
    {
      config: client,
      schema: {
        tags,
        summary: 'The eligibility requirements, in order, each with its words',
        params: opportunityParams,
        response: { 200: requirementList },
      },
    },
    async (request) => pipeline.requirements(actorOf(request), request.params.id),
  );

  app.put(
    `${base}/requirements`,
    {
      config: client,
      schema: {
        tags,
        summary: "Replace the whole set of requirements; candidates' eligibility is recomputed",
        params: opportunityParams,
        body: requirementSetBody,
        response: { 200: requirementList },
      },
    },
    async (request) =>
      pipeline.replaceRequirements(actorOf(request), request.params.id, request.body.requirements),
  );

  app.post(
    `${base}/requirements/preview`,
    {
      config: client,
      schema: {
        tags,
        summary: 'How many candidates with a complete profile a proposed set would admit',
        params: opportunityParams,
        body: requirementSetBody,
        response: { 200: requirementPreview },
      },
    },
    async (request) =>
      pipeline.previewRequirements(actorOf(request), request.params.id, request.body.requirements),
  );

  // ---------------------------------------------------------------- screening questions

  app.get(
    `${base}/screening_questions`,
    {
      config: client,
      schema: {
        tags,
        summary: 'The screening questions, in order, with how many applicants answered each',
        params: opportunityParams,
        response: { 200: clientScreeningQuestionList },
      },
    },
    async (request) => pipeline.questions(actorOf(request), request.params.id),
  );

  app.post(
    `${base}/screening_questions`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Add a screening question at the end',
        params: opportunityParams,
        body: screeningQuestionCreateBody,
        response: { 201: clientScreeningQuestionList },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await pipeline.addQuestion(
            actorOf(request),
            request.params.id,
            request.body.screeningQuestion,
          ),
        ),
  );

  app.put(
    `${base}/screening_questions/order`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Put the screening questions in a new order (every question once)',
        params: opportunityParams,
        body: screeningQuestionOrderBody,
        response: { 200: clientScreeningQuestionList },
      },
    },
    async (request) =>
      pipeline.reorderQuestions(actorOf(request), request.params.id, request.body.questionIds),
  );

  app.patch(
    `${base}/screening_questions/:questionId`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Reword a screening question or change whether it must be answered',
        params: questionParams,
        body: screeningQuestionPatchBody,
        response: { 200: clientScreeningQuestionList },
      },
    },
    async (request) =>
      pipeline.changeQuestion(
        actorOf(request),
        request.params.id,
        request.params.questionId,
        request.body.screeningQuestion,
      ),
  );

  app.delete(
    `${base}/screening_questions/:questionId`,
    {
      config: client,
      schema: {
        tags,
        summary: 'Remove a screening question nobody has answered (409 otherwise)',
        params: questionParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await pipeline.removeQuestion(actorOf(request), request.params.id, request.params.questionId);
      return reply.status(204).send(null);
    },
  );
}
