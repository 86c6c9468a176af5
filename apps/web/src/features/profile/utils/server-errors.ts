import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiError } from '../../../lib/api-client';

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
