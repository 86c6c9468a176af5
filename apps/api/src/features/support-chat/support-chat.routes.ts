import { supportChatSettings } from '@pathways/shared/support-chat/support-chat.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { SupportChatConfig } from '../../config/env.ts';

/**
 * The support chat's settings for the web app, read from the environment at start-up, so one
 * build serves any chat server (or none). Browsers may keep the answer for five minutes: it only
 * changes with a restart, and a guest's pages then ask at most once in a while.
 */
export async function supportChatRoutes(
  fastify: FastifyInstance,
  options: { supportChat: SupportChatConfig | undefined },
) {
  const widget = options.supportChat
    ? { baseUrl: options.supportChat.baseUrl, websiteToken: options.supportChat.websiteToken }
    : null;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/support-chat',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support chat'],
        summary: 'The live support chat widget to load, or null for the e-mail fallback',
        response: { 200: supportChatSettings },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { widget };
    },
  );
}
