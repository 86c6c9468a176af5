import { z } from 'zod';

import {
  applicationMessages as m,
  locationIdsInput,
  SCREENING_ANSWER_MAX_CHARS,
  type ScreeningAnswerInput,
  type ScreeningQuestion,
} from '@pathways/shared/applications/applications.schemas';

import { asSentence } from './format';

// The apply form and the change-locations form check with the contract's own schemas and
// messages, so the browser says what the server would say.

/** Form field of a question's answer: `q12` (a numeric key would make react-hook-form an array). */
export const answerField = (questionId: number) => `q${questionId}`;

export interface ApplyFormValues {
  locations: number[];
  /** Answers by answerField(question id). */
  answers: Record<string, string>;
}

function answerSchema(required: boolean) {
  const answer = z
    .string({ error: m.answersInvalid })
    .trim()
    .max(SCREENING_ANSWER_MAX_CHARS, { error: m.answerTooLong });
  return required ? answer.min(1, { error: asSentence(m.answerRequired) }) : answer;
}

/** The apply form: the chosen locations (the contract's list schema) and each question's answer. */
export function applyFormSchema(questions: readonly Pick<ScreeningQuestion, 'id' | 'required'>[]) {
  return z.object({
    locations: locationIdsInput,
    answers: z.object(
      Object.fromEntries(questions.map((q) => [answerField(q.id), answerSchema(q.required)])),
    ),
  });
}

/** The change-locations form. */
export const locationsFormSchema = z.object({ locations: locationIdsInput });
export interface LocationsFormValues {
  locations: number[];
}

/** The answers of the form as the API takes them; blank answers are sent (they clear one). */
export function answersBody(
  questions: readonly Pick<ScreeningQuestion, 'id'>[],
  answers: Record<string, string>,
): ScreeningAnswerInput[] {
  return questions.map((q) => ({
    questionId: q.id,
    answer: (answers[answerField(q.id)] ?? '').trim(),
  }));
}

/**
 * Where a server field error belongs in the apply form: `locations`, `answers.12` (a question)
 * or `answers` (the questions as a whole). Null for anything else.
 */
export function formFieldOf(serverField: string): string | null {
  if (serverField === 'locations' || serverField === 'answers') return serverField;
  const question = /^answers\.(\d+)$/.exec(serverField);
  return question ? `answers.${answerField(Number(question[1]))}` : null;
}
