import { profile, profilePatchBody } from '@pathways/shared/profile/profile.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { qualificationRoutes } from './profile-qualifications.routes.ts';
import { createQualificationsService } from './profile-qualifications.service.ts';
import { sectionRoutes } from './profile-sections.routes.ts';
import { createSectionsService } from './profile-sections.service.ts';
import { createProfileService } from './profile.service.ts';

const tags = ['profile'];

/** The candidate's profile (read and change), its sections and its qualifications. */
export async function profileRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profiles = createProfileService(deps);

  app.get(
    '/api/candidate/profile',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'My profile with every section (created empty on first access)',
        response: { 200: profile },
      },
    },
    async (request) => profiles.get(actorOf(request)),
  );

  app.patch(
    '/api/candidate/profile',
    {
      config: { access: 'candidate', changesProfile: true },
      schema: {
        tags,
        summary: 'Change any fields of my profile',
        description:
          'Body `{profile: {...}}` with any subset of the fields. 422 `errors` per field, e.g. ' +
          "`errors.identification: ['must be a valid identification']` or " +
          "`['has already been taken']`.",
        body: profilePatchBody,
        response: { 200: profile },
      },
    },
    async (request) => profiles.update(actorOf(request), request.body.profile),
  );

  await sectionRoutes(app, createSectionsService(deps));
  await qualificationRoutes(app, createQualificationsService(deps));
}
