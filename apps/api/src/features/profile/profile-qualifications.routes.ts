import { idParam } from '@pathways/shared/profile/fields';
import {
  componentParams,
  listOf,
  profileQualification,
  profileQualificationComponent,
  profileQualificationComponentCreateBody,
  profileQualificationComponentPatchBody,
  profileQualificationCreateBody,
  profileQualificationPatchBody,
} from '@pathways/shared/profile/sections.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import type { QualificationsService } from './profile-qualifications.service.ts';

const tags = ['profile'];
// Every write here changes the profile (GETs are left alone by the follow-up hook).
const access = { access: 'candidate', changesProfile: true } as const;
const base = '/api/candidate/profile_qualifications';
const components = `${base}/:id/profile_qualification_components`;

/** Profile qualifications and their components (school subjects with marks). */
export async function qualificationRoutes(
  fastify: FastifyInstance,
  qualifications: QualificationsService,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    base,
    {
      config: access,
      schema: {
        tags,
        summary: 'My qualifications with their components, latest first',
        response: { 200: listOf(profileQualification) },
      },
    },
    async (request) => ({ items: await qualifications.list(actorOf(request)) }),
  );
  app.post(
    base,
    {
      config: access,
      schema: {
        tags,
        summary: 'Add a qualification (held, studying or intended)',
        body: profileQualificationCreateBody,
        response: { 201: profileQualification },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await qualifications.create(actorOf(request), request.body.profileQualification)),
  );
  app.patch(
    `${base}/:id`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a qualification (withdraws its verification)',
        params: idParam,
        body: profileQualificationPatchBody,
        response: { 200: profileQualification },
      },
    },
    async (request) =>
      qualifications.update(actorOf(request), request.params.id, request.body.profileQualification),
  );
  app.delete(
    `${base}/:id`,
    {
      config: access,
      schema: { tags, summary: 'Delete a qualification and its components', params: idParam },
    },
    async (request, reply) => {
      await qualifications.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    components,
    {
      config: access,
      schema: {
        tags,
        summary: "A qualification's components",
        params: idParam,
        response: { 200: listOf(profileQualificationComponent) },
      },
    },
    async (request) => ({
      items: await qualifications.components.list(actorOf(request), request.params.id),
    }),
  );
  app.post(
    components,
    {
      config: access,
      schema: {
        tags,
        summary: 'Add a component (a subject with its mark)',
        params: idParam,
        body: profileQualificationComponentCreateBody,
        response: { 201: profileQualificationComponent },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await qualifications.components.create(
            actorOf(request),
            request.params.id,
            request.body.profileQualificationComponent,
          ),
        ),
  );
  app.patch(
    `${components}/:componentId`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a component',
        params: componentParams,
        body: profileQualificationComponentPatchBody,
        response: { 200: profileQualificationComponent },
      },
    },
    async (request) =>
      qualifications.components.update(
        actorOf(request),
        request.params.id,
        request.params.componentId,
        request.body.profileQualificationComponent,
      ),
  );
  app.delete(
    `${components}/:componentId`,
    { config: access, schema: { tags, summary: 'Delete a component', params: componentParams } },
    async (request, reply) => {
      await qualifications.components.remove(
        actorOf(request),
        request.params.id,
        request.params.componentId,
      );
      return reply.status(204).send();
    },
  );
}
