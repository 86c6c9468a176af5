import { errorBody } from '@pathways/shared/common/errors';
import {
  behavioralCompetencyList,
  disciplineList,
  idParam,
  institution,
  institutionList,
  institutionsQuery,
  listQuery,
  location,
  locationSearchQuery,
  locationSearchResponse,
  organizationList,
  qualification,
  qualificationCategory,
  qualificationCategoryList,
  qualificationComponentList,
  qualificationComponentsQuery,
  qualificationList,
  qualificationsQuery,
  qualificationType,
  qualificationTypeList,
  searchQuery,
} from '@pathways/shared/reference/reference.schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { GeocoderError } from './geocoder.ts';
import { createReferenceService } from './reference.service.ts';

const tags = ['reference'];
const publicAccess = { access: 'public' } as const;

/**
 * A geocoder failure is the upstream's, not ours: 502 or 503 with the usual error body (the web
 * app ignores place-search errors). Anything else goes on to the app's error handler.
 */
function geocoderErrors(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof GeocoderError)) throw error;
  request.log.warn({ err: error }, 'place search failed upstream');
  if (error.status === 503) reply.header('Retry-After', '30');
  return reply.status(error.status).send({
    code: 'internal',
    message: 'Place search is not available right now. Please try again later.',
  });
}

/**
 * The public reference data: competencies, disciplines, institutions, the list of organizations,
 * qualifications and their categories, types and components, locations and place search.
 */
export async function referenceRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reference = createReferenceService(deps);

  app.get(
    '/api/behavioral_competencies',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Behavioural competencies',
        querystring: searchQuery,
        response: { 200: behavioralCompetencyList },
      },
    },
    async (request) => reference.behavioralCompetencies(request.query.search),
  );

  app.get(
    '/api/disciplines',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Disciplines (fields of study)',
        querystring: searchQuery,
        response: { 200: disciplineList },
      },
    },
    async (request) => reference.disciplines(request.query.search),
  );

  app.get(
    '/api/institutions',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Universities, TVET colleges and schools, paged',
        querystring: institutionsQuery,
        response: { 200: institutionList },
      },
    },
    async (request) => reference.institutions(request.query),
  );

  app.get(
    '/api/institutions/:id',
    {
      config: publicAccess,
      schema: { tags, summary: 'One institution', params: idParam, response: { 200: institution } },
    },
    async (request) => reference.institution(request.params.id),
  );

  app.get(
    '/api/organizations',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Organizations, paged',
        querystring: listQuery,
        response: { 200: organizationList },
      },
    },
    async (request) => reference.organizations(request.query),
  );

  app.get(
    '/api/qualifications',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Qualifications (programmes), paged, by type and category',
        querystring: qualificationsQuery,
        response: { 200: qualificationList },
      },
    },
    async (request) => reference.qualifications(request.query),
  );

  app.get(
    '/api/qualifications/:id',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'One qualification',
        params: idParam,
        response: { 200: qualification },
      },
    },
    async (request) => reference.qualification(request.params.id),
  );

  app.get(
    '/api/qualification_categories',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Qualification categories',
        querystring: searchQuery,
        response: { 200: qualificationCategoryList },
      },
    },
    async (request) => reference.qualificationCategories(request.query.search),
  );

  app.get(
    '/api/qualification_categories/:id',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'One qualification category',
        params: idParam,
        response: { 200: qualificationCategory },
      },
    },
    async (request) => reference.qualificationCategory(request.params.id),
  );

  app.get(
    '/api/qualification_types',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Qualification types, NSC to doctorate, with NQF levels',
        querystring: searchQuery,
        response: { 200: qualificationTypeList },
      },
    },
    async (request) => reference.qualificationTypes(request.query.search),
  );

  app.get(
    '/api/qualification_types/:id',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'One qualification type',
        params: idParam,
        response: { 200: qualificationType },
      },
    },
    async (request) => reference.qualificationType(request.params.id),
  );

  app.get(
    '/api/qualification_components',
    {
      config: publicAccess,
      schema: {
        tags,
        summary:
          "A qualification type's components (subjects, modules): shared ones and an institution's own",
        querystring: qualificationComponentsQuery,
        response: { 200: qualificationComponentList },
      },
    },
    async (request) => reference.qualificationComponents(request.query),
  );

  app.get(
    '/api/locations/:id',
    {
      config: publicAccess,
      schema: { tags, summary: 'One place', params: idParam, response: { 200: location } },
    },
    async (request) => reference.location(request.params.id),
  );

  app.get(
    '/api/search/locations',
    {
      config: publicAccess,
      errorHandler: geocoderErrors,
      schema: {
        tags,
        summary: 'Place search: the best matches for at least 3 characters',
        querystring: locationSearchQuery,
        response: { 200: locationSearchResponse, 502: errorBody, 503: errorBody },
      },
    },
    async (request) => reference.searchLocations(request.query.search),
  );
}
