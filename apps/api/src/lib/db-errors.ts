/** True when a query failed on a unique constraint (SQLSTATE 23505), whichever driver ran it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/** True when a query failed on an exclusion constraint (SQLSTATE 23P01), whichever driver ran it. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23P01') return constraint === undefined || name === constraint;
  }
  return false;
}
