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
import type { FastifyContextConfig, FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import type { Actor } from '../auth/index.ts';
import { actorOf } from '../../plugins/access.ts';
import type { SectionsService } from './profile-sections.service.ts';

const tags = ['profile'];
// Every write here changes the profile (GETs are left alone by the follow-up hook).
const access = { access: 'candidate', changesProfile: true } as const;

/**
 * One section's add, change and delete: `POST path {key: …}` answers 201
 * with the row, `PATCH path/{id} {key: …}` the changed row, `DELETE path/{id}` 204. The
 * schemas validate and serialize as on every route; each handler gets the unwrapped input.
 */
interface SectionSpec<
  K extends string,
  Create extends z.ZodType<Record<K, unknown>>,
  Patch extends z.ZodType<Record<K, unknown>>,
  Item extends z.ZodType,
> {
  path: string;
  /** The wrapper of the bodies (`achievement` in `{achievement: {…}}`). */
  key: K;
  /** The thing in words, with its article: "an achievement". */
  noun: string;
  /** How the add is summed up in the API docs, when not "Add {noun}". */
  addSummary?: string;
  createBody: Create;
  patchBody: Patch;
  item: Item;
  /** Extra route config of the change (its own invalid-body message). */
  patchConfig?: Partial<FastifyContextConfig>;
  create: (actor: Actor, input: z.output<Create>[K]) => Promise<z.input<Item>>;
  update: (actor: Actor, id: number, patch: z.output<Patch>[K]) => Promise<z.input<Item>>;
  remove: (actor: Actor, id: number) => Promise<void>;
}

function sectionRoutesFor<
  K extends string,
  C extends z.ZodType<Record<K, unknown>>,
  P extends z.ZodType<Record<K, unknown>>,
  I extends z.ZodType,
>(app: FastifyInstance, spec: SectionSpec<K, C, P, I>) {
  // The route schemas have parsed body and params before a handler runs; the spec's types say
  // what they hold, so the generic routes read them without the type provider.
  const input = (body: unknown) => (body as Record<K, never>)[spec.key];
  const idOf = (params: unknown) => (params as z.output<typeof idParam>).id;
  const add: RouteShorthandOptions = {
    config: access,
    schema: {
      tags,
      summary: spec.addSummary ?? `Add ${spec.noun}`,
      body: spec.createBody,
      response: { 201: spec.item },
    },
  };
  const change: RouteShorthandOptions = {
    config: { ...access, ...spec.patchConfig },
    schema: {
      tags,
      summary: `Change ${spec.noun}`,
      params: idParam,
      body: spec.patchBody,
      response: { 200: spec.item },
    },
  };
  app.post(spec.path, add, async (request, reply) =>
    reply.status(201).send(await spec.create(actorOf(request), input(request.body))),
  );
  app.patch(`${spec.path}/:id`, change, async (request) =>
    spec.update(actorOf(request), idOf(request.params), input(request.body)),
  );
  app.delete(
    `${spec.path}/:id`,
    { config: access, schema: { tags, summary: `Delete ${spec.noun}`, params: idParam } },
    async (request, reply) => {
      await spec.remove(actorOf(request), idOf(request.params));
      return reply.status(204).send();
    },
  );
}

/** The one-row sections: experiences, achievements, affiliations, languages, study and work rights. */
export async function sectionRoutes(fastify: FastifyInstance, sections: SectionsService) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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

  sectionRoutesFor(fastify, {
    path: '/api/candidate/experiences',
    key: 'experience',
    noun: 'an experience',
    createBody: experienceCreateBody,
    patchBody: experiencePatchBody,
    item: experience,
    // An invalid update of a work experience says "There was a problem updating the work
    // experience" (its field errors stay).
    patchConfig: { validationMessage: experienceMessages.updateFailed },
    ...sections.experiences,
  });
  sectionRoutesFor(fastify, {
    path: '/api/candidate/achievements',
    key: 'achievement',
    noun: 'an achievement',
    createBody: achievementCreateBody,
    patchBody: achievementPatchBody,
    item: achievement,
    ...sections.achievements,
  });
  sectionRoutesFor(fastify, {
    path: '/api/candidate/affiliations',
    key: 'affiliation',
    noun: 'an affiliation',
    createBody: affiliationCreateBody,
    patchBody: affiliationPatchBody,
    item: affiliation,
    ...sections.affiliations,
  });
  sectionRoutesFor(fastify, {
    path: '/api/candidate/language_proficiencies',
    key: 'languageProficiency',
    noun: 'a language',
    createBody: languageProficiencyCreateBody,
    patchBody: languageProficiencyPatchBody,
    item: languageProficiency,
    ...sections.languageProficiencies,
  });
  sectionRoutesFor(fastify, {
    path: '/api/candidate/study_rights',
    key: 'studyRight',
    noun: 'a study right',
    addSummary: 'Add a right to study in a country',
    createBody: studyRightCreateBody,
    patchBody: studyRightPatchBody,
    item: right,
    ...sections.studyRights,
  });
  sectionRoutesFor(fastify, {
    path: '/api/candidate/work_rights',
    key: 'workRight',
    noun: 'a work right',
    addSummary: 'Add a right to work in a country',
    createBody: workRightCreateBody,
    patchBody: workRightPatchBody,
    item: right,
    ...sections.workRights,
  });
}
