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
