import {
  createDocumentBundleBody,
  documentBundleContents,
  documentBundleDownloadQuery,
  documentBundleList,
  documentBundleParams,
  documentBundleQueued,
} from '@pathways/shared/document-bundles/document-bundles.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { attachmentDisposition } from '../documents/index.ts';
import { refusedDownloadPage } from './download-page.ts';
import {
  createDocumentBundlesService,
  type DocumentBundlesDeps,
} from './document-bundles.service.ts';

const client = { access: 'client' } as const;

/** A client's document bundles: ask for one, list one's own, and download one by its link. */
export async function documentBundlesRoutes(fastify: FastifyInstance, deps: DocumentBundlesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bundles = createDocumentBundlesService(deps);
  const tags = ['client document bundles'];

  app.post(
    '/api/client/document_bundles',
    {
      config: client,
      schema: {
        tags,
        summary:
          "Queue one zip of the chosen applicants' documents of the chosen kinds; the link is e-mailed",
        body: createDocumentBundleBody,
        response: { 202: documentBundleQueued },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await bundles.request(actorOf(request), request.body.bundle)),
  );

  app.post(
    '/api/client/document_bundles/contents',
    {
      config: client,
      schema: {
        tags,
        summary:
          'What a bundle of the chosen applicants and kinds would hold: each applicant with how many of their documents',
        body: createDocumentBundleBody,
        response: { 200: documentBundleContents },
      },
    },
    async (request) => bundles.contents(actorOf(request), request.body.bundle),
  );

  app.get(
    '/api/client/document_bundles',
    {
      config: client,
      schema: {
        tags,
        summary: "The user's recent document bundles, newest first, with their status",
        response: { 200: documentBundleList },
      },
    },
    async (request) => bundles.recent(actorOf(request)),
  );

  app.get(
    '/api/client/document_bundles/:id/download',
    {
      // Opened from the e-mail, often where nobody is signed in: the signed token is the key.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Download a ready bundle (a zip) with the token of the e-mailed link',
        params: documentBundleParams,
        querystring: documentBundleDownloadQuery,
      },
    },
    async (request, reply) => {
      let zip: Awaited<ReturnType<typeof bundles.download>>;
      try {
        zip = await bundles.download(request.params.id, request.query.token);
      } catch (error) {
        const page = refusedDownloadPage(error, request.headers.accept);
        if (!page) throw error;
        return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
      }
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(zip.byteSize))
        .header('Content-Disposition', attachmentDisposition(zip.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(zip.body);
    },
  );
}
