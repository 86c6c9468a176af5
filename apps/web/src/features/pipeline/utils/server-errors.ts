import type { FieldValues, UseFormSetError } from 'react-hook-form';

import { isAbortError, isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../profile';

/** What to tell the user about a failed change; null for a cancelled request. */
export function problemOf(error: unknown): string | null {
  if (isAbortError(error)) return null;
  if (isApiError(error)) return error.message;
  return 'Something went wrong. Try again.';
}

/**
 * Puts the server's per-field messages beside the form's fields (the first one focused) and
 * answers what belongs to no field, or the error's message when no field took one.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  const leftover = applyServerErrors(error, setError, fields);
  if (leftover.length > 0) return leftover.join(' ');
  const placed = isApiError(error) && fields.some((f) => error.fieldErrors[f]?.length);
  return placed ? null : problemOf(error);
}

/** The server's messages about one requirement of a set, by the path of the field they concern. */
export type RequirementErrors = Record<string, string[]>;

/**
 * The server's messages about a requirement set, by the index of the requirement and then by
 * the criterion's own field path: `1.criterion.subjects.0.name` is field `subjects.0.name` of the
 * second; `1.criterion` (the criterion as a whole) is `''`; `1.id` (a kept one) is `id`.
 */
export function requirementErrors(error: unknown): Map<number, RequirementErrors> {
  const byIndex = new Map<number, RequirementErrors>();
  if (!isApiError(error)) return byIndex;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const match = /^(\d+)\.(?:criterion(?:\.(.+))?|(id))$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] ?? match[3] ?? '';
    const errors = byIndex.get(index) ?? {};
    errors[field] = [...(errors[field] ?? []), ...messages];
    byIndex.set(index, errors);
  }
  return byIndex;
}
