import { FEED_MAX_AGE_S, feedQuery, robotsTxt } from '@pathways/shared/feeds/feeds';
import { idParam } from '@pathways/shared/reference/reference.schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { createFeedsService, sitemapPartOf } from './feeds.service.ts';

/** Crawlers and job boards keep these a while; they are the same for everyone. */
const shared = (reply: FastifyReply) =>
  reply.header('Cache-Control', `public, max-age=${FEED_MAX_AGE_S}`);

const xml = 'application/xml; charset=utf-8';

/**
 * What the site offers crawlers and job boards, outside the API and its document: robots.txt,
 * the sitemap of the public pages, and the job feeds of open opportunities (all of them, and
 * each organization's).
 */
export async function feedsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const feeds = createFeedsService(deps);
  const robots = robotsTxt(deps.config.appUrl);

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, (_, reply) =>
    shared(reply).type('text/plain; charset=utf-8').send(robots),
  );

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_, reply) =>
      shared(reply)
        .type(xml)
        .send(await feeds.sitemapIndex()),
  );

  app.get(
    '/sitemaps/:name',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ name: z.string() }) },
    },
    async (request, reply) => {
      const part = sitemapPartOf(request.params.name);
      if (!part) throw notFound('Sitemap not found');
      return shared(reply)
        .type(xml)
        .send(await feeds.sitemap(part));
    },
  );

  app.get(
    '/feeds/opportunities.xml',
    { config: { access: 'public' }, schema: { hide: true, querystring: feedQuery } },
    async (request, reply) => shared(reply).type(xml).send(feeds.feed(request.query.kind)),
  );

  app.get(
    '/feeds/organizations/:id/opportunities.xml',
    {
      config: { access: 'public' },
      schema: { hide: true, params: idParam, querystring: feedQuery },
    },
    async (request, reply) =>
      shared(reply)
        .type(xml)
        .send(await feeds.organizationFeed(request.params.id, request.query.kind)),
  );
}
