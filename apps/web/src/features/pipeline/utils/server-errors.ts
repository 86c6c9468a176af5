import { isApiError } from '../../../lib/api-client';

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
