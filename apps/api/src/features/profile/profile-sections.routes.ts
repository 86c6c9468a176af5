import { idParam } from '@pathways/shared/profile/fields';
import {
  achievement,
  achievementCreateBody,
  achievementPatchBody,
  affiliation,
  affiliationCreateBody,
  affiliationPatchBody,
  experience,
  experienceCreateBody,
  experienceMessages,
  experiencePatchBody,
  languageProficiency,
  languageProficiencyCreateBody,
  languageProficiencyPatchBody,
  listOf,
  right,
  studyRightCreateBody,
  studyRightPatchBody,
  workRightCreateBody,
  workRightPatchBody,
} from '@pathways/shared/profile/sections.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { actorOf } from '../../plugins/access.ts';
import type { SectionsService } from './profile-sections.service.ts';

const tags = ['profile'];
// Every write here changes the profile (GETs are left alone by the follow-up hook).
const access = { access: 'candidate', changesProfile: true } as const;

/** The one-row sections: experiences, achievements, affiliations, languages, study and work rights. */
export async function sectionRoutes(fastify: FastifyInstance, sections: SectionsService) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- experiences
  app.get(
    '/api/candidate/experiences',
    {
      config: access,
      schema: {
        tags,
        summary: 'My work and volunteering experience, current first',
        response: { 200: listOf(experience) },
      },
    },
    async (request) => ({ items: await sections.experiences.list(actorOf(request)) }),
  );
  app.post(
    '/api/candidate/experiences',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add an experience',
        body: experienceCreateBody,
        response: { 201: experience },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sections.experiences.create(actorOf(request), request.body.experience)),
  );
  app.patch(
    '/api/candidate/experiences/:id',
    {
      // SPEC.md section 8: an invalid update says so in its own words.
      config: { ...access, validationMessage: experienceMessages.updateFailed },
      schema: {
        tags,
        summary: 'Change an experience',
        params: idParam,
        body: experiencePatchBody,
        response: { 200: experience },
      },
    },
    async (request) =>
      sections.experiences.update(actorOf(request), request.params.id, request.body.experience),
  );
  app.delete(
    '/api/candidate/experiences/:id',
    { config: access, schema: { tags, summary: 'Delete an experience', params: idParam } },
    async (request, reply) => {
      await sections.experiences.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- achievements
  app.post(
    '/api/candidate/achievements',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add an achievement',
        body: achievementCreateBody,
        response: { 201: achievement },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sections.achievements.create(actorOf(request), request.body.achievement)),
  );
  app.patch(
    '/api/candidate/achievements/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change an achievement',
        params: idParam,
        body: achievementPatchBody,
        response: { 200: achievement },
      },
    },
    async (request) =>
      sections.achievements.update(actorOf(request), request.params.id, request.body.achievement),
  );
  app.delete(
    '/api/candidate/achievements/:id',
    { config: access, schema: { tags, summary: 'Delete an achievement', params: idParam } },
    async (request, reply) => {
      await sections.achievements.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- affiliations
  app.post(
    '/api/candidate/affiliations',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add an affiliation',
        body: affiliationCreateBody,
        response: { 201: affiliation },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sections.affiliations.create(actorOf(request), request.body.affiliation)),
  );
  app.patch(
    '/api/candidate/affiliations/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change an affiliation',
        params: idParam,
        body: affiliationPatchBody,
        response: { 200: affiliation },
      },
    },
    async (request) =>
      sections.affiliations.update(actorOf(request), request.params.id, request.body.affiliation),
  );
  app.delete(
    '/api/candidate/affiliations/:id',
    { config: access, schema: { tags, summary: 'Delete an affiliation', params: idParam } },
    async (request, reply) => {
      await sections.affiliations.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- language proficiencies
  app.post(
    '/api/candidate/language_proficiencies',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add a language',
        body: languageProficiencyCreateBody,
        response: { 201: languageProficiency },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sections.languageProficiencies.create(
            actorOf(request),
            request.body.languageProficiency,
          ),
        ),
  );
  app.patch(
    '/api/candidate/language_proficiencies/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a language',
        params: idParam,
        body: languageProficiencyPatchBody,
        response: { 200: languageProficiency },
      },
    },
    async (request) =>
      sections.languageProficiencies.update(
        actorOf(request),
        request.params.id,
        request.body.languageProficiency,
      ),
  );
  app.delete(
    '/api/candidate/language_proficiencies/:id',
    { config: access, schema: { tags, summary: 'Delete a language', params: idParam } },
    async (request, reply) => {
      await sections.languageProficiencies.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- study rights
  app.post(
    '/api/candidate/study_rights',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add a right to study in a country',
        body: studyRightCreateBody,
        response: { 201: right },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sections.studyRights.create(actorOf(request), request.body.studyRight)),
  );
  app.patch(
    '/api/candidate/study_rights/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a study right',
        params: idParam,
        body: studyRightPatchBody,
        response: { 200: right },
      },
    },
    async (request) =>
      sections.studyRights.update(actorOf(request), request.params.id, request.body.studyRight),
  );
  app.delete(
    '/api/candidate/study_rights/:id',
    { config: access, schema: { tags, summary: 'Delete a study right', params: idParam } },
    async (request, reply) => {
      await sections.studyRights.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- work rights
  app.post(
    '/api/candidate/work_rights',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add a right to work in a country',
        body: workRightCreateBody,
        response: { 201: right },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sections.workRights.create(actorOf(request), request.body.workRight)),
  );
  app.patch(
    '/api/candidate/work_rights/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a work right',
        params: idParam,
        body: workRightPatchBody,
        response: { 200: right },
      },
    },
    async (request) =>
      sections.workRights.update(actorOf(request), request.params.id, request.body.workRight),
  );
  app.delete(
    '/api/candidate/work_rights/:id',
    { config: access, schema: { tags, summary: 'Delete a work right', params: idParam } },
    async (request, reply) => {
      await sections.workRights.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
