import fastifyMultipart from '@fastify/multipart';
import {
  campaignAlias,
  campaignAliasParam,
  campaignIdParam,
  campaignImageFileParam,
  campaignListQuery,
  campaignParam,
  campaignSlugParam,
  clientCampaign,
  clientCampaignList,
  createCampaignBody,
  patchCampaignBody,
  publicCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';
import { errorBody } from '@pathways/shared/common/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { receiveUpload } from '../documents/index.ts';
import { createCampaignsService, createClientCampaignsService } from './campaigns.service.ts';

const tags = ['campaigns'];

/** Public campaign pages and the legacy short paths that lead to them. */
export async function campaignsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(fastifyMultipart, { throwFileSizeLimit: true });
  const campaigns = createCampaignsService(deps);
  const client = createClientCampaignsService(deps);
  const clientTags = ['client campaigns'];

  app.get(
    '/api/campaigns/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A campaign by id, slug or legacy code, with its organization and opportunity',
        params: campaignParam,
        response: { 200: publicCampaign },
      },
    },
    async (request) => campaigns.campaign(request.params.id),
  );

  app.get(
    '/api/campaign_aliases/:alias',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Where a legacy short path (/{alias}) redirects: /campaign/{slug}',
        params: campaignAliasParam,
        response: { 200: campaignAlias },
      },
    },
    async (request) => campaigns.alias(request.params.alias),
  );

  app.get(
    '/api/campaign_images/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A campaign page's header image (its name is unguessable)",
        params: campaignImageFileParam,
      },
    },
    async (request, reply) => {
      const body = await client.imageFile(request.params.file);
      // A new image gets a new name, so a fetched one never changes.
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );

  app.get(
    '/api/client/campaigns',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary: "The organization's campaigns the client user may see, newest first",
        querystring: campaignListQuery,
        response: { 200: clientCampaignList },
      },
    },
    async (request) => client.list(actorOf(request), request.query),
  );

  app.post(
    '/api/client/campaigns',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary:
          'Create a campaign for the organization or one of its opportunities (primary users)',
        body: createCampaignBody,
        response: { 201: clientCampaign, 422: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await client.create(actorOf(request), request.body.campaign)),
  );

  app.get(
    '/api/client/campaigns/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary: 'One campaign of the organization',
        params: campaignIdParam,
        response: { 200: clientCampaign },
      },
    },
    async (request) => client.get(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/client/campaigns/:slug',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary:
          'Change a campaign, found by its slug (primary users); only the fields sent change',
        params: campaignSlugParam,
        body: patchCampaignBody,
        response: { 200: clientCampaign, 422: errorBody },
      },
    },
    async (request) => client.update(actorOf(request), request.params.slug, request.body.campaign),
  );

  app.delete(
    '/api/client/campaigns/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary: 'Delete a campaign and its short paths (primary users)',
        params: campaignIdParam,
      },
    },
    async (request, reply) => {
      await client.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/client/campaigns/:id/image',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary: "Upload the campaign page's header image (multipart: file; JPEG, PNG or WebP)",
        consumes: ['multipart/form-data'],
        params: campaignIdParam,
        response: { 200: clientCampaign, 413: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      client.setImage(actorOf(request), request.params.id, await receiveUpload(request)),
  );

  app.delete(
    '/api/client/campaigns/:id/image',
    {
      config: { access: 'client' },
      schema: {
        tags: clientTags,
        summary: "Remove the campaign page's header image",
        params: campaignIdParam,
        response: { 200: clientCampaign },
      },
    },
    async (request) => client.removeImage(actorOf(request), request.params.id),
  );
}
