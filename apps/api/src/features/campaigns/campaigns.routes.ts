import {
  campaignAlias,
  campaignAliasParam,
  campaignParam,
  publicCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { createCampaignsService } from './campaigns.service.ts';

const tags = ['campaigns'];

/** Public campaign pages and the legacy short paths that lead to them. */
export async function campaignsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const campaigns = createCampaignsService(deps);

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
}
