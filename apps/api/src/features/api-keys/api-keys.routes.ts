import {
  apiKeyList,
  apiKeyRequestList,
  apiKeyRequestsQuery,
  apiKeyResponse,
  createApiKeyBody,
  createdApiKey,
  renameApiKeyBody,
} from '@pathways/shared/api-keys/api-keys.schemas';
import { idParam } from '@pathways/shared/applications/applications.schemas';
import { errorBody } from '@pathways/shared/common/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { RequestLog } from './request-log.ts';

const tags = ['api keys'];
const config = { access: 'client' } as const;
const denied = { 401: errorBody, 403: errorBody };

/**
 * The organization's API keys, managed by its primary users (other client users get 403, and
 * no key may manage keys). A new key's secret is in the creation's answer and nowhere else.
 */
export async function apiKeysRoutes(
  fastify: FastifyInstance,
  deps: { apiKeys: ApiKeysService; requestLog: RequestLog },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { apiKeys, requestLog } = deps;

  app.get(
    '/api/client/api_keys',
    {
      config,
      schema: {
        tags,
        summary: "My organization's API keys, newest first (primary users)",
        response: { 200: apiKeyList, ...denied },
      },
    },
    async (request, reply) => {
      await requestLog.flush();
      reply.header('Cache-Control', 'no-store');
      return apiKeys.list(actorOf(request));
    },
  );

  app.post(
    '/api/client/api_keys',
    {
      config,
      schema: {
        tags,
        summary:
          'Create an API key with a name, scopes and an expiry; the answer holds its secret, shown this once (primary users)',
        body: createApiKeyBody,
        response: { 201: createdApiKey, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('Cache-Control', 'no-store')
        .send(await apiKeys.create(actorOf(request), request.body.apiKey)),
  );

  app.patch(
    '/api/client/api_keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename an API key (primary users)',
        params: idParam,
        body: renameApiKeyBody,
        response: { 200: apiKeyResponse, ...denied, 404: errorBody },
      },
    },
    async (request) =>
      apiKeys.rename(actorOf(request), request.params.id, request.body.apiKey.name),
  );

  app.post(
    '/api/client/api_keys/:id/revoke',
    {
      config,
      schema: {
        tags,
        summary:
          'Revoke an API key: it fails from its next call on, and stays listed as revoked (primary users)',
        params: idParam,
        response: { 200: apiKeyResponse, ...denied, 404: errorBody },
      },
    },
    async (request) => apiKeys.revoke(actorOf(request), request.params.id),
  );

  app.get(
    '/api/client/api_keys/:id/requests',
    {
      config,
      schema: {
        tags,
        summary: "An API key's calls, newest first, kept 90 days (primary users)",
        params: idParam,
        querystring: apiKeyRequestsQuery,
        response: { 200: apiKeyRequestList, ...denied, 404: errorBody },
      },
    },
    async (request, reply) => {
      await requestLog.flush();
      reply.header('Cache-Control', 'no-store');
      return apiKeys.requests(
        actorOf(request),
        request.params.id,
        request.query.page,
        request.query.per,
      );
    },
  );
}
