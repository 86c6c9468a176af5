import { initialPhase } from '@pathways/shared/pipeline/chain';
import {
  applicationMessages as m,
  type Application,
  type ApplicationList,
  type ApplicationPatch,
  type ApplicationsQuery,
  type ApplyBody,
  type InviteList,
  type ScreeningQuestionList,
} from '@pathways/shared/applications/applications.schemas';
import type { FieldErrors } from '@pathways/shared/common/errors';

import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../auth/index.ts';
import { campaignCovering } from '../campaigns/index.ts';
import { markReferred } from '../eligibility/index.ts';
import { publish } from '../live/index.ts';
import { managersOfOpportunity } from '../../access/index.ts';
import { refreshApplicationCompletion } from './applications.completion.ts';
import {
  phaseOrders,
  toApplication,
  toApplicationSummary,
  toInvite,
} from './applications.mapper.ts';
import { emitWebhooks } from '../webhooks/index.ts';
import * as repo from './applications.repository.ts';
import {
  answerChanges,
  applyRefusal,
  isPublished,
  locationErrors,
  type AnswerChanges,
} from './applications.rules.ts';

/** The invites list is short by nature; it is answered whole, up to this many. */
export const INVITES_LIMIT = 100;
const ONE_PER_OPPORTUNITY = 'applications_candidate_opportunity_unique';

function invalid(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0] ?? 'Invalid input';
  return new AppError('validation', first, { errors });
}

/** 409 naming the application that exists, so the web app can open it. */
function alreadyApplied(existing: { id: number; archivedAt: Date | null }): AppError {
  return new AppError('conflict', existing.archivedAt ? m.withdrawnBefore : m.alreadyApplied, {
    extra: { applicationId: existing.id },
  });
}

export function createApplicationsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  async function refuseExisting(candidateId: number, opportunityId: number) {
    const existing = await repo.findApplicationFor(db, candidateId, opportunityId);
    if (existing) throw alreadyApplied(existing);
  }

  async function get(actor: Actor, id: number): Promise<Application> {
    const row = await repo.findApplication(db, actor.userId, id);
    if (!row) throw notFound(m.notFound);
    const [phases, chosen, offered] = await Promise.all([
      repo.listPhases(db, [row.opportunityId]),
      repo.listChosenLocations(db, row.id),
      repo.listOpportunityLocations(db, row.opportunityId),
    ]);
    return toApplication(row, { phases, chosen, offered });
  }

  return {
    get,

    /**
     * Applies for an opportunity: one application per candidate and opportunity, ever. A
     * withdrawn application is not revived by applying again (409 says so); the unique index
     * decides between concurrent requests, and the loser gets the same 409.
     */
    async apply(actor: Actor, opportunityId: number, body: ApplyBody): Promise<Application> {
      const at = now();
      const opportunity = await repo.findOpportunity(db, opportunityId);
      if (!opportunity) throw notFound(m.opportunityNotFound);
      await refuseExisting(actor.userId, opportunityId);
      // A draft is not found, as on its page: a candidate learns nothing of what is unpublished.
      if (!isPublished(opportunity, at)) throw notFound(m.opportunityNotFound);
      const refusal = applyRefusal(opportunity, at);
      if (refusal) throw new AppError('validation', refusal);

      const [offered, questions] = await Promise.all([
        repo.opportunityLocationIds(db, opportunityId),
        repo.listScreeningQuestions(db, opportunityId),
      ]);
      const answers = answerChanges(questions, new Map(), body.answers ?? []);
      const errors = { ...locationErrors(body.locations, new Set(offered)), ...answers.errors };
      if (Object.keys(errors).length > 0) throw invalid(errors);

      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const phase = initialPhase(await repo.listPhases(tx, [opportunityId]));
          const applicationId = await repo.insertApplication(tx, {
            candidateId: actor.userId,
            opportunityId,
            // Through the campaign the candidate signed up with, when it covers the opportunity.
            campaignId: await campaignCovering(tx, actor.userId, opportunityId),
            phaseId: phase?.id ?? null,
            screeningSubmittedAt: questions.length > 0 ? at : null,
            createdAt: at,
            updatedAt: at,
          });
          await repo.insertChosenLocations(tx, applicationId, body.locations);
          await repo.saveAnswers(tx, applicationId, answers.save);
          await repo.insertPhaseEvent(tx, {
            applicationId,
            kind: 'applied',
            phaseId: phase?.id ?? null,
            actorUserId: actor.userId,
            createdAt: at,
          });
          // Applying refers the candidate to the opportunity; the eligibility itself is computed
          // by the eligibility engine (a new row stays unchecked).
          await markReferred(tx, actor.userId, [opportunityId], at);
          await refreshApplicationCompletion(tx, actor.userId, [applicationId]);
          // The organization's open trackers and the candidate's other tabs hear of it on commit.
          const to = [actor.userId, ...(await managersOfOpportunity(tx, opportunityId))];
          await publish(tx, to, { kind: 'application', opportunityId });
          await emitWebhooks(tx, 'application.created', [applicationId]);
          return applicationId;
        });
      } catch (error) {
        if (isUniqueViolation(error, ONE_PER_OPPORTUNITY)) {
          await refuseExisting(actor.userId, opportunityId);
        }
        throw error;
      }
      return get(actor, id);
    },

    async list(actor: Actor, query: ApplicationsQuery): Promise<ApplicationList> {
      const [{ rows, total }, counts] = await Promise.all([
        repo.listApplications(db, actor.userId, query),
        repo.countByStatus(db, actor.userId),
      ]);
      const phases = await repo.listPhases(db, [...new Set(rows.map((r) => r.opportunityId))]);
      const orders = phaseOrders(phases);
      return {
        items: rows.map((row) => toApplicationSummary(row, orders)),
        page: query.page,
        per: query.per,
        total,
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(query.opportunity === undefined ? {} : { opportunity: query.opportunity }),
        counts: Object.fromEntries(counts.map((c) => [c.status, c.count])),
      };
    },

    /** Changes the chosen locations and/or the screening answers of an application not withdrawn. */
    async update(actor: Actor, id: number, patch: ApplicationPatch): Promise<Application> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await repo.lockApplication(tx, actor.userId, id);
        if (!row) throw notFound(m.notFound);
        if (row.archivedAt) throw new AppError('validation', m.withdrawnLocked);
        let errors: FieldErrors = {};
        if (patch.locations) {
          const offered = new Set(await repo.opportunityLocationIds(tx, row.opportunityId));
          errors = locationErrors(patch.locations, offered);
        }
        let answers: AnswerChanges | undefined;
        if (patch.answers) {
          const questions = await repo.listScreeningQuestions(tx, row.opportunityId);
          const stored = await repo.listAnswers(tx, id);
          answers = answerChanges(
            questions,
            new Map(stored.map((a) => [a.questionId, a.answer])),
            patch.answers,
          );
          errors = { ...errors, ...answers.errors };
        }
        if (Object.keys(errors).length > 0) throw invalid(errors);

        if (patch.locations) await repo.setChosenLocations(tx, id, patch.locations);
        if (answers) {
          await repo.saveAnswers(tx, id, answers.save);
          await repo.deleteAnswers(tx, id, answers.remove);
          await repo.updateApplication(tx, id, { screeningSubmittedAt: at });
          await refreshApplicationCompletion(tx, actor.userId, [id]);
        }
      });
      return get(actor, id);
    },

    /** Withdraws ("archives") an application; withdrawing it again changes nothing. */
    async archive(actor: Actor, id: number): Promise<Application> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await repo.lockApplication(tx, actor.userId, id);
        if (!row) throw notFound(m.notFound);
        if (row.archivedAt) return;
        await repo.archiveApplication(tx, actor.userId, id, at);
        const to = [actor.userId, ...(await managersOfOpportunity(tx, row.opportunityId))];
        await publish(tx, to, { kind: 'application', opportunityId: row.opportunityId });
        await repo.insertPhaseEvent(tx, {
          applicationId: id,
          kind: 'archived',
          fromPhaseId: row.phaseId,
          phaseId: row.phaseId,
          actorUserId: actor.userId,
          createdAt: at,
        });
        await emitWebhooks(tx, 'application.withdrawn', [id]);
      });
      return get(actor, id);
    },

    async invites(actor: Actor): Promise<InviteList> {
      const rows = await repo.listInvites(db, actor.userId, now(), INVITES_LIMIT);
      return { items: rows.map(toInvite) };
    },

    /**
     * The questions the apply page asks, with the candidate's answers once applied. A draft's
     * questions are not shown, except to a candidate who has applied.
     */
    async screeningQuestions(actor: Actor, opportunityId: number): Promise<ScreeningQuestionList> {
      const opportunity = await repo.findOpportunity(db, opportunityId);
      const existing =
        opportunity && (await repo.findApplicationFor(db, actor.userId, opportunityId));
      if (!opportunity || (!existing && !isPublished(opportunity, now()))) {
        throw notFound(m.opportunityNotFound);
      }
      const [questions, answers] = await Promise.all([
        repo.listScreeningQuestions(db, opportunityId),
        existing ? repo.listAnswers(db, existing.id) : [],
      ]);
      const byQuestion = new Map(answers.map((a) => [a.questionId, a.answer]));
      return {
        items: questions.map((q) => ({
          id: q.id,
          prompt: q.prompt,
          required: q.required,
          position: q.position,
          answer: byQuestion.get(q.id) ?? null,
        })),
        applicationId: existing?.id ?? null,
      };
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

// What other features read of applications.

export type { ApplicantNameRow } from './applications.repository.ts';

/**
 * The applications of `opportunityId` among `ids`, with their candidates' names; others are
 * left out (a document bundle names its folders after them).
 */
export function applicantsOf(db: DbOrTx, opportunityId: number, ids: readonly number[]) {
  return repo.listApplicantsOf(db, opportunityId, ids);
}

/** Every screening question of the opportunity with this application's answer (or none). */
export function screeningAnswersOf(db: DbOrTx, opportunityId: number, applicationId: number) {
  return repo.listScreeningAnswersOf(db, opportunityId, applicationId);
}
