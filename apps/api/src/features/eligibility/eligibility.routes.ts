import {
  campaignEligibilityList,
  campaignParams,
  eligibilitiesQuery,
  eligibilityDetail,
  eligibilityList,
  opportunityParams,
  requirementCreateBody,
  requirementParams,
  requirementPatchBody,
  requirementResponse,
} from '@pathways/shared/eligibility/eligibility.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { actorOf } from '../../plugins/access.ts';
import { createEligibilityService } from './eligibility.service.ts';
import { createRequirementsService } from './requirements.service.ts';

/** What the eligibility routes need besides the usual: the job queue, to recompute after changes. */
export type EligibilityDeps = FeatureDeps & { jobs: Jobs };

const candidate = { access: 'candidate' } as const;
const admin = { access: 'admin' } as const;

/** The candidate's eligibilities and the admin's requirements (create, change, delete). */
export async function eligibilityRoutes(fastify: FastifyInstance, deps: EligibilityDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const eligibility = createEligibilityService(deps);
  const requirements = createRequirementsService(deps);
  const tags = ['eligibility'];

  app.get(
    '/api/candidate/eligibilities',
    {
      config: candidate,
      schema: {
        tags,
        summary: 'My checked eligibilities: eligible first, then by opportunity name',
        querystring: eligibilitiesQuery,
        response: { 200: eligibilityList },
      },
    },
    async (request) => eligibility.list(actorOf(request), request.query),
  );

  app.get(
    '/api/candidate/opportunities/:id/eligibility',
    {
      config: candidate,
      schema: {
        tags,
        summary:
          'Check my eligibility for an opportunity now: every criterion, why, and what to do',
        params: opportunityParams,
        response: { 200: eligibilityDetail },
      },
    },
    async (request) => eligibility.check(actorOf(request), request.params.id),
  );

  app.get(
    '/api/candidate/campaigns/:id/eligibilities',
    {
      config: candidate,
      schema: {
        tags,
        summary:
          "Check my eligibility for a campaign (by id or slug): its opportunity, or its organization's active ones",
        params: campaignParams,
        response: { 200: campaignEligibilityList },
      },
    },
    async (request) => eligibility.checkCampaign(actorOf(request), request.params.id),
  );

  const adminTags = ['admin'];
  app.post(
    '/api/admin/requirements',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Add a requirement to an opportunity; its candidates' eligibility is recomputed",
        body: requirementCreateBody,
        response: { 201: requirementResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requirements.create(request.body.requirement)),
  );

  app.patch(
    '/api/admin/requirements/:id',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: 'Change a requirement (its criterion, its position or both)',
        params: requirementParams,
        body: requirementPatchBody,
        response: { 200: requirementResponse },
      },
    },
    async (request) => requirements.update(request.params.id, request.body.requirement),
  );

  app.delete(
    '/api/admin/requirements/:id',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: 'Remove a requirement',
        params: requirementParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await requirements.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
