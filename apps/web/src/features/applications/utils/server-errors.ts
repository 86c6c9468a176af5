import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiError } from '../../../lib/api-client';
import { asSentence } from './format';
import { formFieldOf } from './form-schemas';

/**
 * Puts a 422's per-field messages beside their fields (`locations`, `answers.<questionId>`), the
 * first one focused, and returns the messages that belong to no field (or the error's own
 * message when it has no field messages), to show above the form. What the user typed stays.
 * `fieldOf` names the form field of a server field (by default the apply form's).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
  fieldOf: (serverField: string) => string | null = formFieldOf,
): string[] {
  if (!isApiError(error)) return [];
  const entries = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  const questionsFlagged = entries.some(([field]) => /^answers\.\d+$/.test(field));
  const leftover: string[] = [];
  let focused = false;
  for (const [serverField, messages] of entries) {
    const field = fieldOf(serverField);
    // "Answer every required question" repeats what the questions beside it already say.
    if (field === 'answers' && questionsFlagged) continue;
    if (field && field !== 'answers' && knownFields.includes(field)) {
      setError(
        field as Path<T>,
        { type: 'server', message: messages.map(asSentence).join(' ') },
        { shouldFocus: !focused },
      );
      focused = true;
    } else {
      leftover.push(...messages);
    }
  }
  if (entries.length === 0 && error.message) leftover.push(error.message);
  return leftover;
}
