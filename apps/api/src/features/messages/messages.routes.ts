import {
  candidateChatParams,
  chatList,
  chatThread,
  clientChatParams,
  newMessageBody,
} from '@pathways/shared/messages/messages.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { createMessagesService, type MessagesDeps } from './messages.service.ts';

/** Conversations between candidates and organizations, one per application. */
export async function messagesRoutes(fastify: FastifyInstance, deps: MessagesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const messages = createMessagesService(deps);
  const tags = ['messages'];
  const candidateThread = '/api/candidate/applications/:id/chats';
  const clientThread = '/api/client/opportunities/:id/applications/:appId/chats';

  app.get(
    '/api/candidate/chats',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'My conversations, newest message first, with unread counts',
        response: { 200: chatList },
      },
    },
    async (request) => messages.candidateChats(actorOf(request)),
  );

  app.get(
    candidateThread,
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: "My application's thread, oldest first; the organization's messages become read",
        params: candidateChatParams,
        response: { 200: chatThread },
      },
    },
    async (request) => messages.candidateThread(actorOf(request), request.params.id),
  );

  app.post(
    candidateThread,
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Write to the organization about my application',
        params: candidateChatParams,
        body: newMessageBody,
        response: { 201: chatThread },
      },
    },
    async (request, reply) => {
      const thread = await messages.candidateSend(
        actorOf(request),
        request.params.id,
        request.body.message.body,
      );
      return reply.code(201).send(thread);
    },
  );

  app.get(
    '/api/client/chats',
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: 'Conversations of the applications I may see, newest message first',
        response: { 200: chatList },
      },
    },
    async (request) => messages.clientChats(actorOf(request)),
  );

  app.get(
    clientThread,
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: "An application's thread, oldest first; the candidate's messages become read",
        params: clientChatParams,
        response: { 200: chatThread },
      },
    },
    async (request) =>
      messages.clientThread(actorOf(request), request.params.id, request.params.appId),
  );

  app.post(
    clientThread,
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: "Write to the application's candidate",
        params: clientChatParams,
        body: newMessageBody,
        response: { 201: chatThread },
      },
    },
    async (request, reply) => {
      const thread = await messages.clientSend(
        actorOf(request),
        request.params.id,
        request.params.appId,
        request.body.message.body,
      );
      return reply.code(201).send(thread);
    },
  );
}
