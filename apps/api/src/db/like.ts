/**
 * Text typed by a user, made into a LIKE pattern that matches it literally: `%`, `_` and `\`
 * match themselves (PostgreSQL's default escape character is `\`).
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching text that contains `value` anywhere. */
export const containsPattern = (value: string): string => `%${escapeLike(value)}%`;
