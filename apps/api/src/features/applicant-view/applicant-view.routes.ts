import {
  applicationDocumentParams,
  applicationView,
  applicationViewParams,
  applicationViewQuery,
  documentDownloadList,
} from '@pathways/shared/applicants/application-view.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import { sendDownload } from '../documents/index.ts';
import { createApplicantViewService, type ApplicantViewDeps } from './applicant-view.service.ts';

/** One applicant for the managers of the opportunity, and the candidate's record of downloads. */
export async function applicantViewRoutes(fastify: FastifyInstance, deps: ApplicantViewDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const applicants = createApplicantViewService(deps);
  const tags = ['client applicants'];
  const base = '/api/client/opportunities/:id/applications/:appId';

  app.get(
    base,
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: 'One application with the whole profile; ?view=1 records that it was opened',
        params: applicationViewParams,
        querystring: applicationViewQuery,
        response: { 200: applicationView },
      },
    },
    async (request) =>
      applicants.view(
        actorOf(request),
        request.params.id,
        request.params.appId,
        request.query.view === '1',
      ),
  );

  app.get(
    `${base}/documents/:docId`,
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: "Download a document of the application's candidate; the download is recorded",
        params: applicationDocumentParams,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await applicants.download(
          actorOf(request),
          request.params,
          request.headers['if-none-match'],
        ),
      ),
  );

  app.get(
    '/api/candidate/document_downloads',
    {
      config: { access: 'candidate' },
      schema: {
        tags: ['documents'],
        summary: "Who downloaded the candidate's documents: organization, client user, when",
        response: { 200: documentDownloadList },
      },
    },
    async (request) => applicants.downloadsOf(actorOf(request)),
  );
}
