import {
  applicationMessages as m,
  type ScreeningAnswerInput,
} from '@pathways/shared/applications/applications.schemas';
import type { FieldErrors } from '@pathways/shared/common/errors';
import { isOpen } from '@pathways/shared/opportunities/windows';

// The invariants of applying and of changing an application, as pure functions.

type Moment = Date | null;

export function isPublished(opportunity: { publishedAt: Moment }, now: Date): boolean {
  return opportunity.publishedAt !== null && opportunity.publishedAt.getTime() <= now.getTime();
}

/**
 * Why the opportunity does not take applications now, or null when it does: it must be
 * published, and inside its open window: opensAt before now and closesAt after now.
 */
export function applyRefusal(
  opportunity: { publishedAt: Moment; opensAt: Moment; closesAt: Moment },
  now: Date,
): string | null {
  if (!isPublished(opportunity, now)) return m.notPublished;
  if (isOpen(opportunity, now)) return null;
  const { closesAt } = opportunity;
  return closesAt !== null && closesAt.getTime() <= now.getTime() ? m.closed : m.notOpenYet;
}

/** Every chosen location must be one of the opportunity's. */
export function locationErrors(
  chosen: readonly number[],
  offered: ReadonlySet<number>,
): FieldErrors {
  return chosen.every((id) => offered.has(id)) ? {} : { locations: [m.locationsInvalid] };
}

export interface AnswerChanges {
  /** Answers to insert or replace. */
  save: ScreeningAnswerInput[];
  /** Questions whose stored answer a blank answer clears. */
  remove: number[];
  errors: FieldErrors;
}

/**
 * Merges the given answers into the stored ones: a blank answer means no answer. The questions
 * must be the opportunity's, and afterwards every required question must have an answer; each
 * one that does not is reported under `answers.<questionId>` as well as under `answers`.
 */
export function answerChanges(
  questions: readonly { id: number; required: boolean }[],
  stored: ReadonlyMap<number, string>,
  given: readonly ScreeningAnswerInput[],
): AnswerChanges {
  const known = new Set(questions.map((q) => q.id));
  if (given.some((a) => !known.has(a.questionId))) {
    return { save: [], remove: [], errors: { answers: [m.answersInvalid] } };
  }
  const answered = new Set(stored.keys());
  const save: ScreeningAnswerInput[] = [];
  const remove: number[] = [];
  for (const a of given) {
    if (a.answer !== '') {
      answered.add(a.questionId);
      save.push(a);
    } else if (answered.delete(a.questionId)) {
      remove.push(a.questionId);
    }
  }
  const missing = questions.filter((q) => q.required && !answered.has(q.id));
  const errors: FieldErrors =
    missing.length === 0
      ? {}
      : {
          answers: [m.answersRequired],
          ...Object.fromEntries(missing.map((q) => [`answers.${q.id}`, [m.answerRequired]])),
        };
  return { save, remove, errors };
}
