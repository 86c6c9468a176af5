import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isAbortError, isApiError } from '../api-client';

const spelled = (field: string) =>
  field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/**
 * Puts the server's per-field messages (`errors` of a 422) beside their fields, the first one
 * focused. Returns what belongs to no field of the form, to show above it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string[] {
  if (!isApiError(error)) return [];
  const leftover: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages.length === 0) continue;
    if (fields.includes(field)) {
      setError(
        field as Path<T>,
        { type: 'server', message: messages.join(' ') },
        { shouldFocus: !focused },
      );
      focused = true;
    } else {
      leftover.push(...messages.map((message) => `${spelled(field)} ${message}`));
    }
  }
  return leftover;
}

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

/**
 * After a form's request failed: places the server's per-field messages beside the fields and
 * answers what still needs saying (to show in a snackbar), the server's own words when it gave
 * some, else `fallback`; null when every message found its field or the request was cancelled.
 */
export function submitProblem<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
): string | null {
  const problem = placeServerErrors(error, setError, fields);
  if (!problem) return null;
  return isApiError(error) ? problem : fallback;
}
