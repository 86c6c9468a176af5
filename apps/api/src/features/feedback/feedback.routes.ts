import { idParam } from '@pathways/shared/applications/applications.schemas';
import { tokenParam } from '@pathways/shared/common/guest-links';
import {
  answerFeedbackBody,
  createFeedbackRequestBody,
  feedbackGuestParams,
  feedbackLinkView,
  feedbackListQuery,
  feedbackRequestList,
  feedbackRequestResponse,
} from '@pathways/shared/feedback/feedback.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { createFeedbackService, type FeedbackDeps } from './feedback.service.ts';

const tags = ['feedback'];
const access = { access: 'client' } as const;
const guest = { access: 'public' } as const;

/** Applicants shared with colleagues for their opinion ("Shared With Me"). */
export async function feedbackRoutes(fastify: FastifyInstance, deps: FeedbackDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const feedback = createFeedbackService(deps);

  app.get(
    '/api/client/feedback_requests',
    {
      config: access,
      schema: {
        tags,
        summary: 'Requests shared with me (scope=shared) or made by me (scope=mine)',
        querystring: feedbackListQuery,
        response: { 200: feedbackRequestList },
      },
    },
    async (request) => feedback.list(actorOf(request), request.query),
  );

  app.post(
    '/api/client/feedback_requests',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Share applicants of my workspaces with colleagues, or people outside by e-mail, and ask their opinion',
        body: createFeedbackRequestBody,
        response: { 201: feedbackRequestResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ feedbackRequest: await feedback.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api/client/feedback_requests/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'One request I made or was asked in',
        params: idParam,
        response: { 200: feedbackRequestResponse },
      },
    },
    async (request) => ({
      feedbackRequest: await feedback.show(actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/client/feedback_requests/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Answer: a star rating and a comment per shared applicant (responders only)',
        params: idParam,
        body: answerFeedbackBody,
        response: { 200: feedbackRequestResponse },
      },
    },
    async (request) => ({
      feedbackRequest: await feedback.answer(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/client/feedback_requests/:id/guests/:guestId',
    {
      config: access,
      schema: {
        tags,
        summary: 'Withdraw the link of someone outside I asked (requester only)',
        params: feedbackGuestParams,
        response: { 200: feedbackRequestResponse },
      },
    },
    async (request) => ({
      feedbackRequest: await feedback.revokeGuest(
        actorOf(request),
        request.params.id,
        request.params.guestId,
      ),
    }),
  );

  app.post(
    '/api/client/feedback_requests/:id/guests/:guestId/link',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Send someone outside I asked a new link by e-mail; their earlier links stop working (requester only)',
        params: feedbackGuestParams,
        response: { 200: feedbackRequestResponse },
      },
    },
    async (request) => ({
      feedbackRequest: await feedback.resendGuestLink(
        actorOf(request),
        request.params.id,
        request.params.guestId,
      ),
    }),
  );

  // ---- someone outside the organization, through the link of their e-mail ----

  app.get(
    '/api/feedback_links/:token',
    {
      config: guest,
      schema: {
        tags,
        summary: 'The applicants shared with me (as blind review allows) and my answers',
        params: tokenParam,
        response: { 200: feedbackLinkView },
      },
    },
    async (request) => feedback.linkView(request.params.token),
  );

  app.patch(
    '/api/feedback_links/:token',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Answer through the link of my e-mail: a star rating and a comment per applicant',
        params: tokenParam,
        body: answerFeedbackBody,
        response: { 200: feedbackLinkView },
      },
    },
    async (request) => feedback.linkAnswer(request.params.token, request.body),
  );
}
