import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@pathways/shared/common/errors';
import {
  clientOrganization,
  logoFileParam,
  organizationLocation,
  organizationLocationBody,
  organizationLogoResponse,
  organizationPatchBody,
  publicOrganization,
} from '@pathways/shared/organizations/organizations.schemas';
import { idParam } from '@pathways/shared/reference/reference.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { routeLimit } from '../limits/index.ts';
import { receiveUpload } from '../documents/index.ts';
import { createOrganizationsService, organizationsDepsOf } from './organizations.service.ts';

const tags = ['organizations'];
const client = { access: 'client' } as const;
const denied = { 401: errorBody, 403: errorBody };

/**
 * Organizations: the public profile of any organization, and the client calls that read and
 * change the caller's own one (fields, logo, locations). Only primary users change anything.
 */
export async function organizationsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  await fastify.register(fastifyMultipart, { throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const organizations = createOrganizationsService(organizationsDepsOf(deps));
  const uploadLimit = routeLimit(
    'uploads',
    deps.config.rateLimits.uploadsPerUser,
    (request) => `user:${actorOf(request).userId}`,
  );

  app.get(
    '/api/organizations/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One organization with its locations',
        params: idParam,
        response: { 200: publicOrganization, 404: errorBody },
      },
    },
    async (request, reply) => {
      // A change by the organization shows at once: caches must ask again every time.
      reply.header('Cache-Control', 'no-cache');
      return organizations.publicOrganization(request.params.id);
    },
  );

  app.get(
    '/api/client/organization',
    {
      config: client,
      schema: {
        tags,
        summary: 'My organization (any of its client users)',
        response: { 200: clientOrganization, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return organizations.own(actorOf(request));
    },
  );

  app.patch(
    '/api/client/organization',
    {
      config: client,
      schema: {
        tags,
        summary: "Change my organization's name, description, website or industry (primary users)",
        description: 'Body `{organization: {...}}` with any subset of the fields. 422 per field.',
        body: organizationPatchBody,
        response: { 200: clientOrganization, ...denied, 422: errorBody },
      },
    },
    async (request) => organizations.update(actorOf(request), request.body.organization),
  );

  app.put(
    '/api/client/organization/logo',
    {
      config: { ...client, rateLimit: uploadLimit },
      schema: {
        tags,
        summary: "Set my organization's logo (multipart: file; JPEG, PNG or WebP; primary users)",
        consumes: ['multipart/form-data'],
        response: { 200: organizationLogoResponse, ...denied, 413: errorBody, 422: errorBody },
      },
    },
    async (request) => organizations.setLogo(actorOf(request), await receiveUpload(request)),
  );

  app.delete(
    '/api/client/organization/logo',
    {
      config: client,
      schema: { tags, summary: "Remove my organization's logo (primary users)" },
    },
    async (request, reply) => {
      await organizations.removeLogo(actorOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/organization_logos/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An organization logo (its name is unguessable)',
        params: logoFileParam,
      },
    },
    async (request, reply) => {
      const body = await organizations.logoFile(request.params.file);
      // A new logo gets a new name, so a fetched one never changes.
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );

  app.post(
    '/api/client/organization/locations',
    {
      config: client,
      schema: {
        tags,
        summary: 'Add a location to my organization (primary users)',
        body: organizationLocationBody,
        response: { 201: organizationLocation, ...denied, 422: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await organizations.addLocation(actorOf(request), request.body.location)),
  );

  app.delete(
    '/api/client/organization/locations/:id',
    {
      config: client,
      schema: {
        tags,
        summary: "Remove one of my organization's locations (primary users)",
        params: idParam,
      },
    },
    async (request, reply) => {
      await organizations.removeLocation(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
