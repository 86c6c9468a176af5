// How much one live socket may send. A socket holds a bucket of `burst` messages; each message
// takes one, and one comes back every `refillMs` up to `burst`. A message that finds the bucket
// empty is one too many.

export interface FramePolicy {
  burst: number;
  refillMs: number;
}

export interface FrameBucket {
  /** Messages left, possibly fractional while refilling. */
  tokens: number;
  /** When the bucket was last counted, in milliseconds of a clock that only goes forward. */
  at: number;
}

export const fullBucket = (policy: FramePolicy, at: number): FrameBucket => ({
  tokens: policy.burst,
  at,
});

/** Takes one message from the bucket at `at`: the bucket after it, and whether it was allowed. */
export function takeFrame(
  bucket: FrameBucket,
  at: number,
  policy: FramePolicy,
): { bucket: FrameBucket; allowed: boolean } {
  const elapsed = Math.max(0, at - bucket.at);
  const tokens = Math.min(policy.burst, bucket.tokens + elapsed / policy.refillMs);
  if (tokens < 1) return { bucket: { tokens, at: Math.max(at, bucket.at) }, allowed: false };
  return { bucket: { tokens: tokens - 1, at: Math.max(at, bucket.at) }, allowed: true };
}

/**
 * Whether a socket just counted in is within a cap: `count` includes it, so the cap itself is
 * allowed and one more is not. Counting after inserting means two sockets racing for the last
 * place may both be refused, never both let in.
 */
export const withinCap = (count: number, cap: number) => count <= cap;
