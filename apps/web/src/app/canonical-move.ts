/** In the state of a move that only made the address canonical: the address it replaced. */
export interface CanonicalMove {
  canonicalFrom: string;
}

/** The address a move only made canonical (the same page), else undefined. */
export const canonicalFrom = (state: unknown): string | undefined =>
  (state as Partial<CanonicalMove> | null)?.canonicalFrom;
