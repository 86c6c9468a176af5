import type { ChainedPhase } from '@pathways/shared/pipeline/chain';
import { and, asc, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  candidateProfiles,
  opportunities,
  phases,
  requirements,
  screeningAnswers,
  screeningQuestions,
  users,
} from '../../db/schema/index.ts';

// The queries of a workspace's pipeline: phases, requirements and screening questions.

/**
 * Locks the opportunity row, so changes to one pipeline queue one behind the other (two
 * reorders at once could otherwise each keep their own chain whole and break it together).
 */
export async function lockOpportunity(db: DbOrTx, opportunityId: number): Promise<void> {
  await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .for('update');
}

// ---------------------------------------------------------------- phases

export interface PhaseRow extends ChainedPhase {
  name: string;
  description: string | null;
  /**
   * How many applications hold this phase, whatever their standing (withdrawn and regretted
   * ones too): a phase any application holds cannot be deleted.
   */
  held: number;
}

/** The phases of an opportunity with how many applications hold each (in no order). */
export async function listPhases(db: DbOrTx, opportunityId: number): Promise<PhaseRow[]> {
  const holding = db
    .select({ phaseId: applications.phaseId, n: count().as('n') })
    .from(applications)
    .where(eq(applications.opportunityId, opportunityId))
    .groupBy(applications.phaseId)
    .as('holding');
  return db
    .select({
      id: phases.id,
      name: phases.name,
      description: phases.description,
      initial: phases.initial,
      nextPhaseId: phases.nextPhaseId,
      held: sql<number>`coalesce(${holding.n}, 0)`.mapWith(Number),
    })
    .from(phases)
    .leftJoin(holding, eq(holding.phaseId, phases.id))
    .where(eq(phases.opportunityId, opportunityId))
    .orderBy(asc(phases.id));
}

export async function insertPhase(
  db: DbOrTx,
  values: { opportunityId: number; name: string; description: string | null },
): Promise<number> {
  const [row] = await db
    .insert(phases)
    .values({ ...values, initial: false, nextPhaseId: null })
    .returning({ id: phases.id });
  return row!.id;
}

export async function updatePhase(
  db: DbOrTx,
  opportunityId: number,
  phaseId: number,
  values: { name?: string; description?: string | null },
): Promise<void> {
  await db
    .update(phases)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(phases.id, phaseId), eq(phases.opportunityId, opportunityId)));
}

/**
 * Writes new links. Phases leaving the initial place are written first: only one phase of an
 * opportunity may be initial at any moment (that index is checked at once), while the unique
 * next link is checked at commit, so links may pass through a transient duplicate.
 */
export async function writeLinks(
  db: DbOrTx,
  opportunityId: number,
  links: readonly ChainedPhase[],
): Promise<void> {
  const ordered = [...links].sort((a, b) => Number(a.initial) - Number(b.initial));
  for (const link of ordered) {
    await db
      .update(phases)
      .set({ initial: link.initial, nextPhaseId: link.nextPhaseId, updatedAt: new Date() })
      .where(and(eq(phases.id, link.id), eq(phases.opportunityId, opportunityId)));
  }
}

export async function deletePhase(db: DbOrTx, opportunityId: number, phaseId: number) {
  await db
    .delete(phases)
    .where(and(eq(phases.id, phaseId), eq(phases.opportunityId, opportunityId)));
}

// ---------------------------------------------------------------- requirements

export type RequirementRow = typeof requirements.$inferSelect;

export async function listRequirements(
  db: DbOrTx,
  opportunityId: number,
): Promise<RequirementRow[]> {
  return db
    .select()
    .from(requirements)
    .where(eq(requirements.opportunityId, opportunityId))
    .orderBy(asc(requirements.position), asc(requirements.id));
}

/** A requirement of a new set: a new one, or a stored one (by id) kept as it is. */
export type RequirementWrite =
  { keepId: number } | { kind: string; criterion: Record<string, unknown>; description: string };

/**
 * Replaces the whole set of requirements of an opportunity, in the order given: the stored ones
 * kept stay the same rows (written only when their position changes), the others are deleted, the new ones
 * inserted. Answers the set in its new order.
 */
export async function replaceRequirements(
  db: DbOrTx,
  opportunityId: number,
  rows: readonly RequirementWrite[],
): Promise<RequirementRow[]> {
  const kept = rows.flatMap((r) => ('keepId' in r ? [r.keepId] : []));
  await db
    .delete(requirements)
    .where(
      and(
        eq(requirements.opportunityId, opportunityId),
        kept.length > 0 ? notInArray(requirements.id, kept) : undefined,
      ),
    );
  const added = [];
  for (const [position, row] of rows.entries()) {
    if ('keepId' in row) {
      await db
        .update(requirements)
        .set({ position })
        .where(
          and(
            eq(requirements.id, row.keepId),
            eq(requirements.opportunityId, opportunityId),
            ne(requirements.position, position),
          ),
        );
    } else {
      added.push({ ...row, opportunityId, position });
    }
  }
  if (added.length > 0) await db.insert(requirements).values(added);
  return listRequirements(db, opportunityId);
}

/** Of these candidates, those whose profile is complete. */
export async function withCompleteProfile(db: DbOrTx, candidateIds: number[]): Promise<number[]> {
  if (candidateIds.length === 0) return [];
  const rows = await db
    .select({ id: candidateProfiles.userId })
    .from(candidateProfiles)
    .where(
      and(inArray(candidateProfiles.userId, candidateIds), eq(candidateProfiles.completion, 100)),
    )
    .orderBy(asc(candidateProfiles.userId));
  return rows.map((r) => r.id);
}

/** How many candidates have a complete profile. */
export async function countCompleteProfiles(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(candidateProfiles)
    .innerJoin(users, eq(users.id, candidateProfiles.userId))
    .where(and(eq(users.role, 'candidate'), eq(candidateProfiles.completion, 100)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- screening questions

export interface QuestionRow {
  id: number;
  prompt: string;
  required: boolean;
  position: number;
  answers: number;
}

/** The questions of an opportunity in their order, with how many applicants answered each. */
export async function listQuestions(db: DbOrTx, opportunityId: number): Promise<QuestionRow[]> {
  const q = screeningQuestions;
  return db
    .select({
      id: q.id,
      prompt: q.prompt,
      required: q.required,
      position: q.position,
      answers: count(screeningAnswers.id),
    })
    .from(q)
    .leftJoin(screeningAnswers, eq(screeningAnswers.screeningQuestionId, q.id))
    .where(eq(q.opportunityId, opportunityId))
    .groupBy(q.id)
    .orderBy(asc(q.position), asc(q.id));
}

export async function insertQuestion(
  db: DbOrTx,
  values: { opportunityId: number; prompt: string; required: boolean; position: number },
): Promise<void> {
  await db.insert(screeningQuestions).values(values);
}

export async function updateQuestion(
  db: DbOrTx,
  opportunityId: number,
  questionId: number,
  values: { prompt?: string; required?: boolean; position?: number },
): Promise<void> {
  await db
    .update(screeningQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(screeningQuestions.id, questionId),
        eq(screeningQuestions.opportunityId, opportunityId),
      ),
    );
}

export async function deleteQuestion(db: DbOrTx, opportunityId: number, questionId: number) {
  await db
    .delete(screeningQuestions)
    .where(
      and(
        eq(screeningQuestions.id, questionId),
        eq(screeningQuestions.opportunityId, opportunityId),
      ),
    );
}
