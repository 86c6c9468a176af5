import { idParam } from '@pathways/shared/applications/applications.schemas';
import {
  agendaPage,
  agendaQuery,
  applicationInterviews,
  bookBody,
  cancelBody,
  candidateApplicationInterviews,
  candidateInterviewResponse,
  fixInterviewBody,
  interviewLinkView,
  interviewResponse,
  interviewSettingsBody,
  interviewSettingsResponse,
  offer,
  offerList,
  offerSlotsBody,
  otherTimesBody,
  rescheduleBody,
  scorecardBody,
  tokenParam,
} from '@pathways/shared/interviews/interviews.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { noBodyIsEmpty } from '../../lib/optional-body.ts';
import { actorOf } from '../../plugins/access.ts';
import { createInterviewsService, type InterviewsDeps } from './interviews.service.ts';

const tags = ['interviews'];
const client = { access: 'client' } as const;
const candidate = { access: 'candidate' } as const;
const guest = { access: 'public' } as const;

/** Interview times, bookings, calendars, scorecards and agendas. */
export async function interviewsRoutes(fastify: FastifyInstance, deps: InterviewsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const interviews = createInterviewsService(deps);

  // ---- client users who manage the workspace ----

  app.get(
    '/api/client/opportunities/:id/interview_settings',
    {
      config: client,
      schema: {
        tags,
        summary: "A workspace's scorecard criteria and blind review",
        params: idParam,
        response: { 200: interviewSettingsResponse },
      },
    },
    async (request) => ({
      settings: await interviews.settings(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/client/opportunities/:id/interview_settings',
    {
      config: client,
      schema: {
        tags,
        summary: "Set a workspace's scorecard criteria (each scored 1 to 5) and blind review",
        params: idParam,
        body: interviewSettingsBody,
        response: { 200: interviewSettingsResponse },
      },
    },
    async (request) => ({
      settings: await interviews.saveSettings(
        actorOf(request),
        request.params.id,
        request.body.settings,
      ),
    }),
  );

  app.post(
    '/api/client/opportunities/:id/interview_offers',
    {
      config: client,
      schema: {
        tags,
        summary: 'Offer interview times to applications or to a phase; each time is taken once',
        params: idParam,
        body: offerSlotsBody,
        response: { 201: offerList },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        items: await interviews.offer(actorOf(request), request.params.id, request.body),
      }),
  );

  app.post(
    '/api/client/interview_offers/:id/withdraw',
    {
      config: client,
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'Withdraw the times offered to an application while none is booked',
        params: idParam,
        body: cancelBody,
        response: { 200: z.object({ offer }) },
      },
    },
    async (request) => ({
      offer: await interviews.withdrawOffer(actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/client/opportunities/:id/interviews',
    {
      config: client,
      schema: {
        tags,
        summary: 'Fix an interview for an application at a time directly',
        params: idParam,
        body: fixInterviewBody,
        response: { 201: interviewResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        interview: await interviews.fix(actorOf(request), request.params.id, request.body),
      }),
  );

  app.get(
    '/api/client/opportunities/:id/interviews',
    {
      config: client,
      schema: {
        tags,
        summary: "The workspace's upcoming interviews, soonest first",
        params: idParam,
        querystring: agendaQuery,
        response: { 200: agendaPage },
      },
    },
    async (request) =>
      interviews.agendaOfWorkspace(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/client/interviews',
    {
      config: client,
      schema: {
        tags,
        summary: 'Upcoming interviews of every workspace I manage, soonest first',
        querystring: agendaQuery,
        response: { 200: agendaPage },
      },
    },
    async (request) => interviews.agendaOfOrganization(actorOf(request), request.query),
  );

  app.get(
    '/api/client/applications/:id/interviews',
    {
      config: client,
      schema: {
        tags,
        summary: "An application's interview offers and interviews, with their scorecards",
        params: idParam,
        response: { 200: applicationInterviews },
      },
    },
    async (request) => interviews.ofApplicationForClient(actorOf(request), request.params.id),
  );

  app.get(
    '/api/client/interviews/:id',
    {
      config: client,
      schema: {
        tags,
        summary: 'One interview; an interviewer sees colleagues’ scorecards once theirs is in',
        params: idParam,
        response: { 200: interviewResponse },
      },
    },
    async (request) => ({
      interview: await interviews.showForClient(actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/client/interviews/:id',
    {
      config: client,
      schema: {
        tags,
        summary: 'Move an interview; everyone gets the updated invitation',
        params: idParam,
        body: rescheduleBody,
        response: { 200: interviewResponse },
      },
    },
    async (request) => ({
      interview: await interviews.reschedule(actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/client/interviews/:id/cancel',
    {
      config: client,
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'Cancel an interview; everyone gets the cancellation',
        params: idParam,
        body: cancelBody,
        response: { 200: interviewResponse },
      },
    },
    async (request) => ({
      interview: await interviews.cancelByClient(actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/client/interviews/:id/scorecard',
    {
      config: client,
      schema: {
        tags,
        summary: 'My scorecard of an interview I am an interviewer of',
        params: idParam,
        body: scorecardBody,
        response: { 200: interviewResponse },
      },
    },
    async (request) => ({
      interview: await interviews.scorecardByClient(
        actorOf(request),
        request.params.id,
        request.body.scorecard,
      ),
    }),
  );

  // ---- the candidate ----

  app.get(
    '/api/candidate/applications/:id/interviews',
    {
      config: candidate,
      schema: {
        tags,
        summary: 'The interview times offered to me and my interviews for an application',
        params: idParam,
        response: { 200: candidateApplicationInterviews },
      },
    },
    async (request) => interviews.ofApplicationForCandidate(actorOf(request), request.params.id),
  );

  app.post(
    '/api/candidate/interview_offers/:id/booking',
    {
      config: candidate,
      schema: {
        tags,
        summary: 'Book one of the times offered',
        params: idParam,
        body: bookBody,
        response: { 201: candidateInterviewResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await interviews.book(actor, request.params.id, request.body.slotId);
      return reply.status(201).send({ interview: await interviews.candidateInterview(actor, id) });
    },
  );

  app.post(
    '/api/candidate/interview_offers/:id/other_times',
    {
      config: candidate,
      schema: {
        tags,
        summary: 'Ask for other interview times, saying which would suit',
        params: idParam,
        body: otherTimesBody,
        response: { 200: z.object({ offer }) },
      },
    },
    async (request) => ({
      offer: await interviews.askOtherTimes(
        actorOf(request),
        request.params.id,
        request.body.message,
      ),
    }),
  );

  app.post(
    '/api/candidate/interviews/:id/cancel',
    {
      config: candidate,
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'Cancel my interview; the times offered open to me again',
        params: idParam,
        body: cancelBody,
        response: { 200: candidateInterviewResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await interviews.cancelByCandidate(actor, request.params.id, request.body);
      return { interview: await interviews.candidateInterview(actor, request.params.id) };
    },
  );

  // ---- an interviewer without an account, through the link of their e-mail ----

  app.get(
    '/api/interview_links/:token',
    {
      config: guest,
      schema: {
        tags,
        summary: 'The interview, the candidate as blind review allows, and my scorecard',
        params: tokenParam,
        response: { 200: interviewLinkView },
      },
    },
    async (request) => interviews.linkView(request.params.token),
  );

  app.get(
    '/api/interview_links/:token/calendar',
    {
      config: guest,
      schema: {
        tags,
        summary: 'The interview as an iCalendar file (text/calendar) to add to my calendar',
        params: tokenParam,
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="interview.ics"')
        .header('Cache-Control', 'no-store')
        .send(await interviews.linkCalendar(request.params.token)),
  );

  app.put(
    '/api/interview_links/:token/scorecard',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Submit my scorecard through the link of my e-mail',
        params: tokenParam,
        body: scorecardBody,
        response: { 200: interviewLinkView },
      },
    },
    async (request) => interviews.linkScorecard(request.params.token, request.body.scorecard),
  );
}
