import type { Criterion, Requirement } from '@pathways/shared/eligibility/criteria';
import {
  chainProblems,
  insertAfter,
  isPermutationOf,
  linkChanges,
  moveTo,
  orderedPhases,
  removeFrom,
} from '@pathways/shared/pipeline/chain';
import {
  pipelineMessages,
  type ClientRequirement,
  type ClientScreeningQuestionList,
  type PhaseCreate,
  type PhaseList,
  type PhasePatch,
  type RequirementList,
  type RequirementPreview,
  type RequirementSet,
  type ScreeningQuestionCreate,
  type ScreeningQuestionPatch,
} from '@pathways/shared/pipeline/pipeline.schemas';
import { unlistedReferences } from '@pathways/shared/eligibility/references';
import { isoDay } from '@pathways/shared/profile/dates';
import { criterion as criterionSchema } from '@pathways/shared/eligibility/criteria';

import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Actor } from '../../plugins/access.ts';
import {
  describeRequirement,
  evaluateRules,
  loadRules,
  prefilter,
  prefilteredCandidateIds,
  referenceNamesOf,
  requestEligibilityRecompute,
  SNAPSHOT_BATCH,
  snapshotsOf,
  toRequirement,
} from '../eligibility/index.ts';

import { pipelineCounts } from '../workspaces/index.ts';
import * as repo from './pipeline.repository.ts';
import { clientScopeOf, managedOpportunity } from '../../access/index.ts';

// The pipeline of a workspace: its phases (a chain), its requirements and its screening
// questions. Every call starts from the client's scope: a primary user of the opportunity's
// organization or one of its listed managers may read and change them; anyone else gets 404.

export type PipelineDeps = Pick<FeatureDeps, 'db' | 'now'> & { jobs: Jobs };

/**
 * The phases in chain order, numbered from 1, each with the applications in it, and the
 * regretted and withdrawn ones apart: the counts every view of the pipeline shows.
 */
async function phaseListOf(db: DbOrTx, opportunityId: number): Promise<PhaseList> {
  const [rows, counts] = await Promise.all([
    repo.listPhases(db, opportunityId),
    pipelineCounts(db, [opportunityId]),
  ]);
  const { phases, regretted, withdrawn } = counts.get(opportunityId)!;
  const inPhase = new Map(phases.map((p) => [p.id, p.count]));
  return {
    items: orderedPhases(rows).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      order: p.order,
      initial: p.initial,
      next: p.nextPhaseId,
      applications: inPhase.get(p.id) ?? 0,
    })),
    regretted,
    withdrawn,
  };
}

/**
 * Stores the phases in the order `wanted` (ids of existing phases, each once), writing only the
 * links that change, then reads the chain back and refuses to commit anything but a whole chain.
 */
async function storeOrder(
  tx: DbOrTx,
  opportunityId: number,
  current: repo.PhaseRow[],
  wanted: number[],
): Promise<void> {
  await repo.writeLinks(tx, opportunityId, linkChanges(current, wanted));
  const stored = await repo.listPhases(tx, opportunityId);
  const problems = chainProblems(stored);
  if (problems.length > 0) {
    throw new AppError('internal', `The pipeline would break (${problems.join(', ')})`);
  }
}

const orderOf = (rows: repo.PhaseRow[]) => orderedPhases(rows).map((p) => p.id);

function phaseIn(rows: repo.PhaseRow[], phaseId: number): repo.PhaseRow {
  const phase = rows.find((p) => p.id === phaseId);
  if (!phase) throw notFound(pipelineMessages.phaseNotFound);
  return phase;
}

export function createPipelineService(deps: PipelineDeps) {
  const { db, jobs, now } = deps;

  /** Runs `work` in one transaction on a workspace the actor manages, its row locked. */
  async function inWorkspace<T>(
    actor: Actor,
    opportunityId: number,
    work: (tx: DbOrTx, id: number) => Promise<T>,
  ): Promise<T> {
    const scope = await clientScopeOf(db, actor);
    return db.transaction(async (tx) => {
      const id = await managedOpportunity(tx, scope, opportunityId);
      await repo.lockOpportunity(tx, id);
      return work(tx, id);
    });
  }

  async function readable(actor: Actor, opportunityId: number): Promise<number> {
    return managedOpportunity(db, await clientScopeOf(db, actor), opportunityId);
  }

  return {
    // ------------------------------------------------------------ phases

    async phases(actor: Actor, opportunityId: number): Promise<PhaseList> {
      const id = await readable(actor, opportunityId);
      return phaseListOf(db, id);
    },

    async addPhase(actor: Actor, opportunityId: number, input: PhaseCreate): Promise<PhaseList> {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listPhases(tx, id);
        const afterId = input.afterPhaseId ?? null;
        if (afterId !== null && !current.some((p) => p.id === afterId)) {
          throw fieldError('afterPhaseId', pipelineMessages.afterPhaseNotFound);
        }
        const newId = await repo.insertPhase(tx, {
          opportunityId: id,
          name: input.name,
          description: input.description ?? null,
        });
        const withNew = [...current, { ...phaseInsert(newId) }];
        await storeOrder(tx, id, withNew, insertAfter(orderOf(current), newId, afterId));
        return phaseListOf(tx, id);
      });
    },

    async changePhase(
      actor: Actor,
      opportunityId: number,
      phaseId: number,
      patch: PhasePatch,
    ): Promise<PhaseList> {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listPhases(tx, id);
        phaseIn(current, phaseId);
        if (patch.name !== undefined || patch.description !== undefined) {
          await repo.updatePhase(tx, id, phaseId, {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.description !== undefined ? { description: patch.description } : {}),
          });
        }
        if (patch.position !== undefined) {
          await storeOrder(tx, id, current, moveTo(orderOf(current), phaseId, patch.position));
        }
        return phaseListOf(tx, id);
      });
    },

    async reorderPhases(actor: Actor, opportunityId: number, phaseIds: number[]) {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listPhases(tx, id);
        if (!isPermutationOf(orderOf(current), phaseIds)) {
          throw fieldError('phaseIds', pipelineMessages.wholeOrder);
        }
        await storeOrder(tx, id, current, phaseIds);
        return phaseListOf(tx, id);
      });
    },

    /** Deletes a phase nobody's application sits in; its neighbours are linked together. */
    async deletePhase(actor: Actor, opportunityId: number, phaseId: number): Promise<void> {
      await inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listPhases(tx, id);
        const phase = phaseIn(current, phaseId);
        if (phase.held > 0) {
          throw new AppError('conflict', pipelineMessages.phaseInUse(phase.held));
        }
        if (current.length === 1) throw new AppError('conflict', pipelineMessages.lastPhase);
        const wanted = removeFrom(orderOf(current), phaseId);
        await repo.deletePhase(tx, id, phaseId);
        // The database cleared the links to the deleted phase; start from what it holds now.
        const left = current
          .filter((p) => p.id !== phaseId)
          .map((p) => (p.nextPhaseId === phaseId ? { ...p, nextPhaseId: null } : p));
        await storeOrder(tx, id, left, wanted);
      });
    },

    // ------------------------------------------------------------ requirements

    async requirements(actor: Actor, opportunityId: number): Promise<RequirementList> {
      const id = await readable(actor, opportunityId);
      return toRequirementList(db, await repo.listRequirements(db, id));
    },

    /**
     * Replaces the whole set in one transaction, then recomputes the stored eligibilities. A
     * stored requirement sent back by id is kept as it is, readable by this version or not.
     */
    async replaceRequirements(
      actor: Actor,
      opportunityId: number,
      set: RequirementSet,
    ): Promise<RequirementList> {
      const { id, list } = await inWorkspace(actor, opportunityId, async (tx, id) => {
        const resolved = resolveSet(await repo.listRequirements(tx, id), set);
        await refuseUnlisted(tx, resolved);
        const writes: repo.RequirementWrite[] = [];
        for (const r of resolved) {
          writes.push(
            'keep' in r
              ? { keepId: r.keep.id }
              : {
                  kind: r.criterion.kind,
                  criterion: r.criterion,
                  description: await describeRequirement(tx, r.criterion),
                },
          );
        }
        const rows = await repo.replaceRequirements(tx, id, writes);
        return { id, list: await toRequirementList(tx, rows) };
      });
      await requestEligibilityRecompute(jobs, { opportunityId: id });
      return list;
    },

    /**
     * How many candidates with a complete profile the proposed set would admit: the SQL
     * prefilter narrows the candidates, the pure evaluation decides, nothing is stored.
     */
    async previewRequirements(
      actor: Actor,
      opportunityId: number,
      set: RequirementSet,
    ): Promise<RequirementPreview> {
      const id = await readable(actor, opportunityId);
      const at = now();
      const loaded = await loadRules(db, [id]);
      const rules = loaded.rules.get(id);
      if (!rules) throw notFound('Opportunity not found');
      // A kept requirement this version cannot read admits nobody, as in the stored evaluation.
      const resolved = resolveSet(await repo.listRequirements(db, id), set);
      await refuseUnlisted(db, resolved);
      const proposed = resolved.map((r, i) => {
        if ('keep' in r) {
          const parsed = criterionSchema.safeParse(r.keep.criterion);
          return {
            row: r.keep,
            parsed: parsed.success ? { id: r.keep.id, criterion: parsed.data } : null,
          };
        }
        const parsed: Requirement = { id: -(i + 1), criterion: r.criterion };
        const row = {
          id: parsed.id,
          opportunityId: id,
          kind: r.criterion.kind,
          criterion: r.criterion,
          description: null,
        };
        return { row, parsed };
      });
      const proposedRules = { ...rules, requirements: proposed };
      const candidates = await repo.withCompleteProfile(
        db,
        await prefilteredCandidateIds(
          db,
          prefilter(
            proposed.flatMap((r) => (r.parsed ? [r.parsed.criterion] : [])),
            id,
            isoDay(at),
          ),
        ),
      );
      let qualifying = 0;
      for (let i = 0; i < candidates.length; i += SNAPSHOT_BATCH) {
        const snapshots = await snapshotsOf(db, candidates.slice(i, i + SNAPSHOT_BATCH));
        for (const snapshot of snapshots.values()) {
          if (evaluateRules(snapshot, proposedRules, loaded.names, at).eligible) qualifying += 1;
        }
      }
      return { qualifying, completeProfiles: await repo.countCompleteProfiles(db) };
    },

    // ------------------------------------------------------------ screening questions

    async questions(actor: Actor, opportunityId: number): Promise<ClientScreeningQuestionList> {
      const id = await readable(actor, opportunityId);
      return { items: await repo.listQuestions(db, id) };
    },

    async addQuestion(actor: Actor, opportunityId: number, input: ScreeningQuestionCreate) {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listQuestions(tx, id);
        await repo.insertQuestion(tx, {
          opportunityId: id,
          prompt: input.prompt,
          required: input.required ?? true,
          position: Math.max(0, ...current.map((q) => q.position + 1)),
        });
        return { items: await repo.listQuestions(tx, id) };
      });
    },

    async changeQuestion(
      actor: Actor,
      opportunityId: number,
      questionId: number,
      patch: ScreeningQuestionPatch,
    ): Promise<ClientScreeningQuestionList> {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listQuestions(tx, id);
        if (!current.some((q) => q.id === questionId)) {
          throw notFound(pipelineMessages.questionNotFound);
        }
        await repo.updateQuestion(tx, id, questionId, patch);
        return { items: await repo.listQuestions(tx, id) };
      });
    },

    async reorderQuestions(actor: Actor, opportunityId: number, questionIds: number[]) {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const current = await repo.listQuestions(tx, id);
        if (
          !isPermutationOf(
            current.map((q) => q.id),
            questionIds,
          )
        ) {
          throw fieldError('questionIds', pipelineMessages.wholeQuestionOrder);
        }
        for (const [position, questionId] of questionIds.entries()) {
          await repo.updateQuestion(tx, id, questionId, { position });
        }
        return { items: await repo.listQuestions(tx, id) };
      });
    },

    /**
     * Removes a question nobody has answered. An answered question stays, so the answers given
     * remain readable with their question: the client may reword it or make it optional.
     */
    async removeQuestion(actor: Actor, opportunityId: number, questionId: number) {
      await inWorkspace(actor, opportunityId, async (tx, id) => {
        const question = (await repo.listQuestions(tx, id)).find((q) => q.id === questionId);
        if (!question) throw notFound(pipelineMessages.questionNotFound);
        if (question.answers > 0) {
          throw new AppError('conflict', pipelineMessages.questionAnswered(question.answers));
        }
        await repo.deleteQuestion(tx, id, questionId);
      });
    },
  };
}

/** A requirement of a proposed set: a new criterion, or a stored row kept as it is. */
type Resolved = { criterion: Criterion } | { keep: repo.RequirementRow };

/**
 * The proposed set against the stored one: an id must name a stored requirement of this
 * opportunity, once; anything else is refused at its place in the set (`2.id`).
 */
function resolveSet(stored: repo.RequirementRow[], set: RequirementSet): Resolved[] {
  const byId = new Map(stored.map((r) => [r.id, r]));
  const seen = new Set<number>();
  return set.map((item, i): Resolved => {
    if (item.criterion) return { criterion: item.criterion };
    const keep = byId.get(item.id!);
    if (!keep) throw fieldError(`${i}.id`, pipelineMessages.requirementNotStored);
    if (seen.has(keep.id)) throw fieldError(`${i}.id`, pipelineMessages.requirementRepeated);
    seen.add(keep.id);
    return { keep };
  });
}

/**
 * Refuses new criteria naming reference rows (types, categories, fields of study,
 * institutions) that do not exist, each message at its place in the set
 * (`1.criterion.institutionIds`).
 */
async function refuseUnlisted(db: DbOrTx, resolved: Resolved[]): Promise<void> {
  const criteria = resolved.flatMap((r) => ('criterion' in r ? [r.criterion] : []));
  const names = await referenceNamesOf(db, criteria);
  const errors: Record<string, string[]> = {};
  for (const [i, r] of resolved.entries()) {
    if (!('criterion' in r)) continue;
    for (const [field, messages] of Object.entries(unlistedReferences(r.criterion, names))) {
      errors[`${i}.criterion.${field}`] = messages;
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, { errors });
}

/**
 * The stored requirements as the workspace shows them: each readable one with the names of the
 * institutions it lists; one this version cannot parse kept with its kind and its stored words.
 */
async function toRequirementList(
  db: DbOrTx,
  rows: repo.RequirementRow[],
): Promise<RequirementList> {
  const parsed = rows.map((row) => ({ row, result: criterionSchema.safeParse(row.criterion) }));
  const names = await referenceNamesOf(
    db,
    parsed.flatMap((p) => (p.result.success ? [p.result.data] : [])),
  );
  return {
    items: parsed.map(({ row, result }): ClientRequirement => {
      if (!result.success) {
        return {
          readable: false,
          id: row.id,
          opportunityId: row.opportunityId,
          kind: row.kind,
          description: row.description || `A requirement of the kind "${row.kind}"`,
          position: row.position,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        };
      }
      const c = result.data;
      const institutionIds = c.kind === 'qualification' ? (c.institutionIds ?? []) : [];
      return {
        ...toRequirement(row, c),
        readable: true,
        institutions: institutionIds.map((id) => ({
          id,
          name: names.institutions?.get(id) ?? `institution ${id}`,
        })),
      };
    }),
  };
}

/** A phase just inserted: not initial, leading nowhere, no applications. */
function phaseInsert(id: number): repo.PhaseRow {
  return { id, name: '', description: null, initial: false, nextPhaseId: null, held: 0 };
}

export type PipelineService = ReturnType<typeof createPipelineService>;
