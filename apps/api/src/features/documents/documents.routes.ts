import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@pathways/shared/common/errors';
import {
  avatarFileParam,
  avatarResponse,
  documentIdParam,
  documentItem,
  documentList,
} from '@pathways/shared/documents/documents.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { routeLimit } from '../limits/index.ts';
import { documentsServicesOf } from './documents.deps.ts';
import { receiveUpload } from './multipart.ts';
import { sendDownload } from './serve.ts';

const tags = ['documents'];
const uploadErrors = { 413: errorBody, 422: errorBody };

/**
 * Candidates' documents and avatars. Uploads are `multipart/form-data`, parsed only inside this
 * plugin; the type of a file is taken from its bytes.
 */
export async function documentsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  await fastify.register(fastifyMultipart, { throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { documents, avatars } = documentsServicesOf(deps);
  const uploadLimit = routeLimit(
    'uploads',
    deps.config.rateLimits.uploadsPerUser,
    (request) => `user:${actorOf(request).userId}`,
  );

  app.get(
    '/api/candidate/documents',
    {
      config: { access: 'candidate' },
      schema: { tags, summary: "The candidate's documents", response: { 200: documentList } },
    },
    async (request) => documents.list(actorOf(request)),
  );

  app.post(
    '/api/candidate/documents',
    {
      config: { access: 'candidate', changesProfile: true, rateLimit: uploadLimit },
      schema: {
        tags,
        summary: 'Upload a document (multipart: file, kind); replaces the previous one of a kind',
        consumes: ['multipart/form-data'],
        response: { 201: documentItem, ...uploadErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await documents.upload(actorOf(request), await receiveUpload(request))),
  );

  app.get(
    '/api/candidate/documents/:id',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Download one of the candidate’s documents',
        params: documentIdParam,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await documents.download(
          actorOf(request),
          request.params.id,
          request.headers['if-none-match'],
        ),
      ),
  );

  app.delete(
    '/api/candidate/documents/:id',
    {
      config: { access: 'candidate', changesProfile: true },
      schema: { tags, summary: 'Delete one of the candidate’s documents', params: documentIdParam },
    },
    async (request, reply) => {
      await documents.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/candidate/avatar',
    {
      config: { access: 'candidate', changesProfile: true, rateLimit: uploadLimit },
      schema: {
        tags,
        summary: 'Set the profile picture (multipart: file; JPEG, PNG or WebP)',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponse, ...uploadErrors },
      },
    },
    async (request) => avatars.set(actorOf(request), await receiveUpload(request)),
  );

  app.delete(
    '/api/candidate/avatar',
    {
      config: { access: 'candidate', changesProfile: true },
      schema: { tags, summary: 'Remove the profile picture' },
    },
    async (request, reply) => {
      await avatars.remove(actorOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/avatars/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A profile picture (its name is unguessable)',
        params: avatarFileParam,
      },
    },
    async (request, reply) => {
      const body = await avatars.file(request.params.file);
      // A new picture gets a new name, so a fetched one never changes.
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
}
