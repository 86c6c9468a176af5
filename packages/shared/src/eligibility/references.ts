import type { CriterionOf, Criterion } from './criteria.ts';
import type { ReferenceNames } from './snapshot.ts';

// A criterion names reference rows by id (qualification types, categories, fields of study,
// institutions). One naming a row that does not exist could never be met by anyone and would be
// described as "institution 999": it is refused where it is written.

export const referenceMessages = {
  unlisted: (ids: readonly number[]) =>
    `must be listed; ${ids.length === 1 ? `${ids[0]} is` : `${ids.join(', ')} are`} not`,
} as const;

const referenceFields = [
  ['qualificationTypeIds', 'qualificationTypes'],
  ['categoryIds', 'categories'],
  ['disciplineIds', 'disciplines'],
  ['institutionIds', 'institutions'],
] as const satisfies readonly [keyof CriterionOf<'qualification'>, keyof ReferenceNames][];

/**
 * The fields of a criterion that name reference rows missing from `names` (the names of every
 * row the criterion uses that exists), each with the message saying which ids.
 */
export function unlistedReferences(c: Criterion, names: ReferenceNames): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (c.kind !== 'qualification') return problems;
  for (const [field, list] of referenceFields) {
    const missing = (c[field] ?? []).filter((id) => !names[list]?.has(id));
    if (missing.length > 0) problems[field] = [referenceMessages.unlisted(missing)];
  }
  return problems;
}
