import { idParam } from '@pathways/shared/applications/applications.schemas';
import { errorBody } from '@pathways/shared/common/errors';
import {
  financialSurveyBody,
  financialSurveyResponse,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { createFinancialSurveysService } from './financial-surveys.service.ts';

const tags = ['applications'];
const access = { access: 'candidate' } as const;
const path = '/api/candidate/applications/:id/financial-survey';

/** The financial needs survey of a candidate's bursary application. */
export async function financialSurveysRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const surveys = createFinancialSurveysService(deps);

  app.get(
    path,
    {
      config: access,
      schema: {
        tags,
        summary:
          "My bursary application's financial needs survey; before I submit it, my last survey's answers",
        params: idParam,
        response: { 200: financialSurveyResponse },
      },
    },
    async (request) => surveys.get(actorOf(request), request.params.id),
  );

  app.put(
    path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Submit or change the survey until the application window closes (409 after)',
        params: idParam,
        body: financialSurveyBody,
        response: { 200: financialSurveyResponse, 409: errorBody },
      },
    },
    async (request) => surveys.save(actorOf(request), request.params.id, request.body.survey),
  );
}
