import { listingIdParam, publicListing } from '@pathways/shared/listings/listings.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { createListingsService } from './listings.service.ts';

const tags = ['listings'];

/** Public listings: shareable lists of opportunities an organization curates. */
export async function listingsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const listings = createListingsService(deps);

  app.get(
    '/api/listings/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A published listing with its opportunities in the curated order',
        params: listingIdParam,
        response: { 200: publicListing },
      },
    },
    async (request) => listings.listing(request.params.id),
  );
}
