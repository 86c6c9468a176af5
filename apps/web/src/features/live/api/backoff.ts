/** The first wait before connecting again, in milliseconds. */
export const RECONNECT_BASE_MS = 1_000;
/** The longest wait before connecting again, in milliseconds. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before the n-th attempt in a row (0 for the first) to connect again:
 * exponential (1 s, 2 s, 4 s, … up to 30 s), of which a random half is waited ("equal jitter"),
 * so the tabs a server restart dropped do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}
