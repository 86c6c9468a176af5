import { LIVE_CLOSE } from '@pathways/shared/live/live.schemas';

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

/** The shortest wait after the server said this tab or account holds too many sockets. */
export const TOO_MANY_WAIT_MS = 60_000;

/**
 * How long to wait before connecting again after a close with `code`, the n-th in a row. A
 * `tooMany` close means the server is refusing this account or address: connecting again soon
 * would only be refused again, so the wait is a minute or two whatever the attempt; any other
 * close waits as `reconnectDelay` says.
 */
export function delayAfterClose(
  code: number,
  attempt: number,
  random: () => number = Math.random,
): number {
  if (code !== LIVE_CLOSE.tooMany) return reconnectDelay(attempt, random);
  const ceiling = Math.max(
    2 * TOO_MANY_WAIT_MS,
    reconnectDelay(attempt, () => 1),
  );
  return Math.round(TOO_MANY_WAIT_MS + random() * (ceiling - TOO_MANY_WAIT_MS));
}
