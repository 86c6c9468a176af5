import { deleteAccountBody, updateTimeZoneBody, user } from '@pathways/shared/auth/auth.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { createAccountService, type AccountDeps } from './account.service.ts';

const tags = ['account'];

export async function accountRoutes(fastify: FastifyInstance, deps: AccountDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const account = createAccountService(deps);

  // Candidates on their settings page, client users on Interviews.
  for (const role of ['candidate', 'client'] as const) {
    app.put(
      `/api/${role}/time_zone`,
      {
        config: { access: role },
        schema: {
          tags,
          summary:
            'Choose the time zone I read times in (null for the default, Africa/Johannesburg)',
          body: updateTimeZoneBody,
          response: { 200: user },
        },
      },
      async (request) => account.setTimeZone(actorOf(request), request.body.timeZone),
    );
  }

  app.get(
    '/api/candidate/candidate/export',
    {
      config: { access: 'candidate' },
      schema: { tags, summary: 'Download all my data as JSON' },
    },
    async (request, reply) => {
      const data = await account.exportData(actorOf(request));
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('Content-Disposition', `attachment; filename="pathways-my-data-${day}.json"`)
        .header('Cache-Control', 'no-store')
        .type('application/json')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/candidate/candidate',
    {
      config: { access: 'candidate' },
      schema: { tags, summary: 'Delete my account and everything in it', body: deleteAccountBody },
    },
    async (request, reply) => {
      await account.deleteAccount(actorOf(request), request.body.currentPassword);
      return reply.status(204).send();
    },
  );
}
